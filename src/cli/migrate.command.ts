import { ModuleRef } from '@nestjs/core';
import { InjectDataSource } from '@nestjs/typeorm';
import { Command, CommandRunner } from 'nest-commander';
import { DataSource } from 'typeorm';
import { migrateAndSeed } from '../database/migrate';
import { connect } from './connect';

@Command({ name: 'migrate', description: 'apply pending database migrations and refresh the shipped reference data' })
export class MigrateCommand extends CommandRunner {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly moduleRef: ModuleRef,
  ) {
    super();
  }

  async run(): Promise<void> {
    await connect(this.dataSource);
    const applied = await migrateAndSeed((type) => this.moduleRef.get(type, { strict: false }));
    process.stdout.write(applied.length ? `applied ${applied.length} migration(s): ${applied.join(', ')}\n` : 'no migrations to apply\n');
  }
}
