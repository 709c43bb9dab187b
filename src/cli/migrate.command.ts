import { InjectDataSource } from '@nestjs/typeorm';
import { Command, CommandRunner } from 'nest-commander';
import { DataSource } from 'typeorm';
import { DatabaseMigrator } from '../database/database-migrator';
import { LanguageDataSync } from '../languages/language-data.sync';
import { connect } from './connect';

@Command({ name: 'migrate', description: 'apply pending database migrations and refresh the shipped language definitions' })
export class MigrateCommand extends CommandRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly migrator: DatabaseMigrator,
    private readonly languages: LanguageDataSync,
  ) {
    super();
  }

  async run(): Promise<void> {
    await connect(this.dataSource);
    const applied = await this.migrator.migrate();
    await this.languages.sync();
    process.stdout.write(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'no migrations to apply\n');
  }
}
