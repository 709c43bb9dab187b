import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Arbitrary, fixed key of the advisory lock that lets one process migrate while replicas wait. */
const MIGRATION_LOCK = 4_201_100;

@Injectable()
export class DatabaseMigrator {
  private readonly logger = new Logger('database');

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Applies pending migrations; several replicas starting together apply them once, one after another. */
  async migrate(): Promise<string[]> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const applied = await this.dataSource.runMigrations({ transaction: 'each' });
      for (const migration of applied) this.logger.log(`applied migration ${migration.name}`);
      return applied.map((migration) => migration.name);
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await runner.release();
    }
  }

  /** Names of migrations not applied yet (for `cli check`). */
  async pending(): Promise<string[]> {
    const all = this.dataSource.migrations.map((migration) => migration.name ?? migration.constructor.name);
    const [{ exists }]: { exists: boolean }[] = await this.dataSource.query(`SELECT to_regclass('migrations') IS NOT NULL AS exists`);
    if (!exists) return all;
    const rows: { name: string }[] = await this.dataSource.query('SELECT name FROM migrations');
    const done = new Set(rows.map((row) => row.name));
    return all.filter((name) => !done.has(name));
  }
}
