import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { Command, CommandRunner } from 'nest-commander';
import { DataSource } from 'typeorm';
import { migrateAndSeed } from '../database/migrate';
import { connect } from './connect';
import { InstallationBackupService } from './installation-backup/installation-backup.service';

/** Restores a `backup` archive into an empty installation, then brings it to this version's schema as `migrate` does. */
@Command({ name: 'restore', arguments: '<file>', description: 'restore a backup written by "backup" into an empty installation (empty database and DATA_DIR)' })
export class RestoreCommand extends CommandRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly backups: InstallationBackupService,
    private readonly moduleRef: ModuleRef,
  ) {
    super();
  }

  async run([file]: string[]): Promise<void> {
    await connect(this.dataSource);
    const manifest = await this.backups.restore(file);
    const applied = await migrateAndSeed((type) => this.moduleRef.get(type, { strict: false }));
    const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
    process.stdout.write(`restored ${file} (taken ${manifest.created}): ${rows} rows${applied.length ? `, then applied ${applied.length} newer migration(s)` : ''}\n`);
  }
}
