import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/bootstrap/configure-app';
import { loadConfig } from '../src/config/app-config';
import { migrateAndSeed } from '../src/database/migrate';
import { openDatabase } from '../src/database/open-database';
import { measure, printMeasurement } from './http';
import { benchMemory } from './memory';
import { ApiClient, benchStrings, superuserToken } from './strings';

/**
 * `npm run bench`: the translation-strings side on a BENCH_STRINGS-string translation (import, upload, reads and
 * edits), memory lookups over BENCH_MEMORY_ENTRIES entries, then request latency and throughput of representative read endpoints, on the embedded database (or
 * DATABASE_URL), measured in one run so ratios between endpoints are meaningful. Prints medians.
 */
const ENDPOINTS = (process.env.BENCH_ENDPOINTS ?? '/api/,/api/languages/cs/,/api/languages/?page_size=100,/api/projects/').split(',');
/** Strings in the imported and uploaded translation (bench/strings.ts). */
const STRINGS = Number(process.env.BENCH_STRINGS ?? 100_000);
/** Entries in the translation memory that lookups search (bench/memory.ts). */
const MEMORY_ENTRIES = Number(process.env.BENCH_MEMORY_ENTRIES ?? 100_000);

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wts-bench-'));
  await chmod(dataDir, 0o755);
  // Limits a single client would hit are lifted: the rate limits, and the caps on unit lists and searches running at
  // once (bench/http.ts keeps 16 connections busy with one token; below 16 they answer 429 instead of measuring).
  const config = loadConfig({
    ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', API_RATELIMIT_ANON: '1000000/hour', API_RATELIMIT_USER: '1000000/hour',
    SEARCH_CONCURRENCY_PER_CALLER: '16', SEARCH_CONCURRENCY_TOTAL: '16',
  });
  const database = await openDatabase(config, () => undefined);
  const app = await NestFactory.create(AppModule.forRoot({ config, database: { url: database.url } }), { bodyParser: false, logger: false });
  configureApp(app, config, pino({ level: 'silent' }));
  await migrateAndSeed((type) => app.get(type));
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  try {
    const client = new ApiClient(`http://127.0.0.1:${port}`, await superuserToken(app));
    // The strings side first: anonymous callers read only languages with a translation (`/api/languages/cs/`).
    await benchStrings(client, port, STRINGS);
    await benchMemory(client, port, MEMORY_ENTRIES);
    for (const path of ENDPOINTS) {
      printMeasurement(path, await measure(port, path));
    }
  } finally {
    await app.close();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
