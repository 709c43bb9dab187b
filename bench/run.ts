import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { AppModule } from '../src/app.module';
import { configureApp } from '../src/bootstrap/configure-app';
import { loadConfig } from '../src/config/app-config';
import { migrateAndSeed } from '../src/database/migrate';
import { openDatabase } from '../src/database/open-database';

/**
 * `npm run bench`: request latency and throughput of representative read endpoints, on the embedded
 * database (or DATABASE_URL), measured in one run so ratios between endpoints are meaningful. Prints medians.
 */
const ENDPOINTS = (process.env.BENCH_ENDPOINTS ?? '/api/,/api/languages/cs/,/api/languages/?page_size=100,/api/projects/').split(',');
const REQUESTS = 2000;
const CONCURRENCY = 16;
/** Clients such as wlc keep connections open; so does the benchmark. */
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

async function main(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wts-bench-'));
  await chmod(dataDir, 0o755);
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', API_RATELIMIT_ANON: '1000000/hour' });
  const database = await openDatabase(config, () => undefined);
  const app = await NestFactory.create(AppModule.forRoot({ config, database: { url: database.url } }), { bodyParser: false, logger: false });
  configureApp(app, config, pino({ level: 'silent' }));
  await migrateAndSeed((type) => app.get(type));
  await app.listen(0, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  try {
    for (const path of ENDPOINTS) {
      const result = await measure(port, path);
      console.log(`${path.padEnd(32)} median ${result.median.toFixed(2)} ms  p95 ${result.p95.toFixed(2)} ms  ${Math.round(result.perSecond)} req/s`);
    }
  } finally {
    await app.close();
    await database.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(port: number, path: string): Promise<{ median: number; p95: number; perSecond: number }> {
  for (let i = 0; i < 100; i++) await get(port, path); // warm up
  const latencies: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < REQUESTS) {
        const begin = process.hrtime.bigint();
        await get(port, path);
        latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return { median: latencies[Math.floor(latencies.length / 2)], p95: latencies[Math.floor(latencies.length * 0.95)], perSecond: REQUESTS / seconds };
}

function get(port: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
