import { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import pino from 'pino';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AppModule } from '../../src/app.module';
import { configureApp } from '../../src/bootstrap/configure-app';
import { AppConfig, loadConfig } from '../../src/config/app-config';
import { migrateAndSeed } from '../../src/database/migrate';
import { EventBus } from '../../src/events/event-bus';
import { TasksService } from '../../src/tasks/tasks.service';

export interface TestApp {
  app: INestApplication;
  config: AppConfig;
  dataSource: DataSource;
  /** A supertest client bound to the app's HTTP server. */
  http: () => ReturnType<typeof request>;
  /** Waits until every queued background task has finished. */
  drainTasks: () => Promise<void>;
  /** Delivers every consumer's pending events (waiting for deliveries another process is making). */
  deliverEvents: () => Promise<void>;
  /**
   * Stops this process and starts another on the same database schema and DATA_DIR, as a restart (or a crash
   * without work in flight) would; `env` overrides settings of the new one.
   */
  restart: (env?: Record<string, string>) => Promise<TestApp>;
  close: () => Promise<void>;
}

/**
 * Test defaults: quiet logs, budgets no ordinary test reaches (rate-limit tests set their own), and any host (tests
 * name hosts of their own to check URLs; the host check has its tests, which set ALLOWED_HOSTS).
 */
const TEST_ENV = { LOG_LEVEL: 'silent', API_RATELIMIT_ANON: '100000/hour', API_RATELIMIT_USER: '100000/hour', ALLOWED_HOSTS: '*' };

/**
 * The whole application on a fresh PostgreSQL schema of its own (and its own Redis key prefix), migrated and
 * seeded as at start-up, so test files run in parallel without seeing each other's data.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run the tests through jest (see test/support/global-setup.ts)');
  const suffix = `${process.env.JEST_WORKER_ID ?? '0'}_${randomBytes(4).toString('hex')}`;
  const schema = `t_${suffix}`;
  await withClient(url, (client) => client.query(`CREATE SCHEMA ${schema}`));

  // Working copies are stored by project and component id, which repeat across schemas: one DATA_DIR per file.
  const dataDir = await mkdtemp(join(tmpdir(), `wts-data-${suffix}-`));
  const config = loadConfig({ ...process.env, ...TEST_ENV, REDIS_PREFIX: `test_${suffix}`, DATA_DIR: dataDir, ...env });
  return startApp(url, schema, config, env);
}

async function startApp(url: string, schema: string, config: AppConfig, env: Record<string, string>): Promise<TestApp> {
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot({ config, database: { url, schema } })] }).compile();
  const app = moduleRef.createNestApplication({ bodyParser: false, logger: false });
  configureApp(app, config, pino({ level: 'silent' }));
  await migrateAndSeed((type) => app.get(type));
  await app.init();

  const stop = async () => {
    await app.get(TasksService).drain();
    await app.close();
  };
  return {
    app,
    config,
    dataSource: app.get(getDataSourceToken()),
    http: () => request(app.getHttpServer()),
    drainTasks: () => app.get(TasksService).drain(),
    deliverEvents: () => app.get(EventBus).deliverAll(),
    restart: async (overrides = {}) => {
      await stop();
      const merged = { ...env, ...overrides };
      return startApp(url, schema, loadConfig({ ...process.env, ...TEST_ENV, REDIS_PREFIX: config.redisPrefix, DATA_DIR: config.dataDir, ...merged }), merged);
    },
    close: async () => {
      await stop();
      await withClient(url, (client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
      if (config.redisUrl) await deleteRedisKeys(config.redisUrl, `${config.redisPrefix}:*`);
      await rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function deleteRedisKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await redis.quit();
  }
}
