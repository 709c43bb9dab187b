import { AppConfig } from '../config/app-config';
import { EmbeddedDatabase, startEmbeddedPostgres } from './embedded-postgres';

/** DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR/pg. */
export async function openDatabase(config: AppConfig, log: (line: string) => void): Promise<EmbeddedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, stop: async () => undefined };
  return startEmbeddedPostgres(config.dataDir, log);
}
