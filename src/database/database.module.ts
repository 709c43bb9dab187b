import { DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { dataSourceOptions } from './data-source-options';
import { DatabaseMigrator } from './database-migrator';

export interface DatabaseTarget {
  url: string;
  /** A PostgreSQL schema to keep every table in (each test file gets its own). */
  schema?: string;
  /** statement_timeout, in milliseconds, of every statement but those of tasks and migrations; none when absent or 0. */
  statementTimeoutMs?: number;
}

@Module({})
export class DatabaseModule {
  /** `lazy`: connect only when a caller initializes the DataSource (the CLI's `check` reports a failure itself). */
  static forRoot(target: DatabaseTarget, options: { lazy?: boolean } = {}): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRoot({
          ...dataSourceOptions(target.url, target.schema, target.statementTimeoutMs),
          retryAttempts: 3,
          retryDelay: 1000,
          manualInitialization: options.lazy ?? false,
        }),
      ],
      providers: [DatabaseMigrator],
      exports: [DatabaseMigrator],
    };
  }
}
