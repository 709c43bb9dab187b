import { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { ENTITIES } from './entities';
import { SnakeNamingStrategy } from './snake-naming.strategy';
import { StatementTimeoutScopedClient } from './statement-timeout';

/**
 * The one description of our database, shared by the app, the CLI, ormconfig.ts and the tests. `schema` puts
 * every table in one PostgreSQL schema (tests get a fresh one per file); extensions stay in `public`.
 * `statementTimeoutMs` bounds every statement except those of `withoutStatementTimeout` (tasks, migrations).
 */
export function dataSourceOptions(url: string, schema?: string, statementTimeoutMs = 0): DataSourceOptions {
  const timeout = statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, Client: StatementTimeoutScopedClient } : {};
  // Every connection of this installation (all replicas, workers, the CLI) carries the same name: the events'
  // outbox waits only for transactions of this name (event-outbox.repository.ts), not for other schemas' or tools'.
  const connection = { application_name: applicationName(schema), ...timeout };
  return {
    type: 'postgres',
    url,
    schema,
    extra: schema ? { options: `-c search_path=${schema},public`, max: 5, ...connection } : { max: 20, ...connection },
    // Listed, not globbed: the same list works compiled, under ts-node and inside Jest.
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    // Failed queries surface as exceptions, logged (with the request id) where they are handled.
    logging: false,
  };
}

/** The connections' `application_name`: the server's, and the schema when there is one (a test file's). */
function applicationName(schema?: string): string {
  return schema ? `wts:${schema}` : 'wts';
}
