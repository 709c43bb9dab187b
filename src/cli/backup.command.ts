import { InjectDataSource } from '@nestjs/typeorm';
import { Command, CommandRunner } from 'nest-commander';
import { DataSource } from 'typeorm';
import { connect } from './connect';
import { InstallationBackupService } from './installation-backup/installation-backup.service';

/** Thin wrapper around installation-backup.service.ts; problems are thrown, so main.ts prints them and exits 1. */
@Command({
  name: 'backup',
  arguments: '<file>',
  description: 'write the database and the files under DATA_DIR (working copies, screenshots) to one .tar.gz, while the server runs',
})
export class BackupCommand extends CommandRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly backups: InstallationBackupService,
  ) {
    super();
  }

  async run([file]: string[]): Promise<void> {
    await connect(this.dataSource);
    const { tables, rows, workingCopies } = await this.backups.backup(file);
    process.stdout.write(`wrote ${file}: ${rows} rows of ${tables} tables, ${workingCopies} working copies\n`);
  }
}
