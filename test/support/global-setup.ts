import { chmod, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../src/database/embedded-postgres';

/**
 * With DATABASE_URL the tests use that server (one schema per test file); without it they start one embedded
 * PostgreSQL for the whole run, exactly as `npm start` would.
 */
export default async function globalSetup(): Promise<void> {
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
    return;
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'wts-test-'));
  await chmod(dataDir, 0o755); // as root, postgres runs as user "postgres" and must reach it
  const database = await startEmbeddedPostgres(dataDir, (line) => process.stderr.write(`${line}\n`));
  process.env.TEST_DATABASE_URL = database.url;
  process.env.TEST_EMBEDDED_DATA_DIR = dataDir;
  (globalThis as { stopTestDatabase?: () => Promise<void> }).stopTestDatabase = database.stop;
}
