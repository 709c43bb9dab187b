import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteRedisKeys, withClient } from './test-app';
import { freePort, withDatabase } from './local-services';

/** A child process running one of the entry points (`src/main.ts`, `src/worker.ts`, `src/cli/main.ts`). */
export interface NodeProcess {
  child: ChildProcess;
  /** How the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote on stdout and stderr, to explain a failure. */
  output: () => string;
  running: () => boolean;
}

/** An API server process answering on its own port. */
export interface ReplicaProcess extends NodeProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
}

export interface ServerProcess extends ReplicaProcess {
  /** The settings it was started with beyond the test's own environment (DATA_DIR, database, Redis, …). */
  env: Record<string, string>;
  /** DATA_DIR of this server (and of the ones `restart` starts). */
  dataDir: string;
  /** A connection URL to the server's database, as the server itself uses it. */
  databaseUrl: () => Promise<string>;
  /**
   * Starts another server on the same DATA_DIR, database, Redis prefix and port, once this one has ended (after
   * a `kill -9`, say); `env` overrides settings of the new one. Clean up the last one started.
   */
  restart: (env?: Record<string, string>) => Promise<ServerProcess>;
  /** Stops it if it still runs (SIGTERM first: that stops an embedded PostgreSQL too), and removes its database, Redis keys and DATA_DIR. */
  cleanUp: () => Promise<void>;
}

const ROOT = join(__dirname, '../..');

/**
 * The real server (`src/main.ts`, as `npm start` runs it, compiled on the fly) as a child process on a port of its
 * own, with a fresh DATA_DIR. Without DATABASE_URL in the test's environment it starts its own embedded PostgreSQL
 * there; with it, it gets a database of its own on that server (and its own Redis prefix with REDIS_URL). A
 * DATABASE_URL in `env` (a PostgreSQL the test started itself) is used as given, and so is the REDIS_URL beside it.
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const suffix = randomBytes(4).toString('hex');
  const dataDir = await newDataDir(suffix);
  const external = env.DATABASE_URL ? undefined : process.env.DATABASE_URL;
  const database = `wts_process_${suffix}`;
  if (external) await withClient(external, (client) => client.query(`CREATE DATABASE ${database}`));
  const services: Record<string, string> = external ? { DATABASE_URL: withDatabase(external, database) } : {};
  if (external && process.env.REDIS_URL) Object.assign(services, { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `process_${suffix}` });

  const removeResources = async () => {
    if (external) await withClient(external, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    if (services.REDIS_URL) await deleteRedisKeys(services.REDIS_URL, `${services.REDIS_PREFIX}:*`);
    await stopOrphanedPostgres(dataDir);
    await rm(dataDir, { recursive: true, force: true });
  };
  const databaseUrl = async () => services.DATABASE_URL ?? embeddedUrl(dataDir);
  const serverEnv = { LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...services, ...env };
  const start = async (settings: Record<string, string>, port?: number): Promise<ServerProcess> => {
    let replica: ReplicaProcess;
    try {
      replica = await startReplica(settings, port);
    } catch (error) {
      await removeResources();
      throw error;
    }
    return {
      ...replica,
      env: settings,
      dataDir,
      databaseUrl,
      restart: async (overrides = {}) => {
        if (replica.running()) throw new Error('restart() starts a server after this one ended: stop or kill it first');
        return start({ ...settings, ...overrides }, replica.port);
      },
      cleanUp: async () => {
        await stop(replica);
        await removeResources();
      },
    };
  };
  return start(serverEnv);
}

/** The URL of the embedded PostgreSQL a server started under DATA_DIR (src/database/embedded-postgres.ts). */
async function embeddedUrl(dataDir: string): Promise<string> {
  const { port } = JSON.parse(await readFile(join(dataDir, 'pg', 'owner.json'), 'utf8')) as { port: number };
  const password = (await readFile(join(dataDir, 'pg', 'password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
}

/** A server killed with SIGKILL leaves its embedded PostgreSQL running: stop it (fast shutdown). */
async function stopOrphanedPostgres(dataDir: string): Promise<void> {
  const pid = Number((await readFile(join(dataDir, 'pg', 'cluster', 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0]);
  if (!pid) return;
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let waited = 0; waited < 10_000; waited += 100) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGTERM, then SIGKILL if it has not ended within 30 s. */
async function stop(process_: NodeProcess): Promise<void> {
  if (!process_.running()) return;
  process_.child.kill('SIGTERM');
  const timer = setTimeout(() => process_.child.kill('SIGKILL'), 30_000);
  await process_.exited;
  clearTimeout(timer);
}

/**
 * One installation spread over several processes, as on several machines: one database, one Redis prefix and one
 * DATA_DIR that every process started from it shares. Needs DATABASE_URL and REDIS_URL (an embedded PostgreSQL
 * belongs to one process).
 */
export interface SharedInstallation {
  /** The settings every process of the installation gets. */
  env: Record<string, string>;
  databaseUrl: string;
  dataDir: string;
  /** An API replica; `port` to start it again where it answered before. */
  startServer: (env?: Record<string, string>, port?: number) => Promise<ReplicaProcess>;
  /** `npm run worker`: resolves once it waits for tasks. */
  startWorker: (env?: Record<string, string>) => Promise<NodeProcess>;
  /** `npm run cli -- createadmin`: a superuser, and the API key printed for it. */
  createAdmin: () => Promise<string>;
  /** Kills what still runs and removes the database, Redis keys and DATA_DIR. */
  cleanUp: () => Promise<void>;
}

export async function createSharedInstallation(env: Record<string, string> = {}): Promise<SharedInstallation> {
  const external = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!external || !redisUrl) throw new Error('a shared installation needs DATABASE_URL and REDIS_URL (PostgreSQL and Redis every process reaches)');
  const suffix = randomBytes(4).toString('hex');
  const database = `wts_shared_${suffix}`;
  await withClient(external, (client) => client.query(`CREATE DATABASE ${database}`));
  const dataDir = await newDataDir(suffix);
  const shared = { DATABASE_URL: withDatabase(external, database), REDIS_URL: redisUrl, REDIS_PREFIX: `shared_${suffix}`, DATA_DIR: dataDir, ...env };
  const started: NodeProcess[] = [];
  const track = <P extends NodeProcess>(child: P): P => {
    started.push(child);
    return child;
  };
  return {
    env: shared,
    databaseUrl: shared.DATABASE_URL,
    dataDir,
    startServer: async (extra = {}, port) => track(await startReplica({ LOG_LEVEL: 'warn', ...shared, ...extra }, port)),
    startWorker: async (extra = {}) => {
      const worker = track(spawnEntry('src/worker.ts', { ...shared, LOG_LEVEL: 'info', ...extra }));
      await until(worker, () => worker.output().includes('worker waiting for tasks'), 'the worker did not start');
      return worker;
    },
    createAdmin: async () => {
      const cli = spawnEntry('src/cli/main.ts', { ...shared, LOG_LEVEL: 'warn' }, ['createadmin', '--username', `admin_${suffix}`, '--email', `admin_${suffix}@example.com`]);
      const { code } = await cli.exited;
      if (code !== 0) throw new Error(`createadmin failed:\n${cli.output()}`);
      return cli.output().trim().split('\n').at(-1)!;
    },
    cleanUp: async () => {
      for (const child of started) await kill(child);
      await withClient(external, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
      await deleteRedisKeys(redisUrl, `${shared.REDIS_PREFIX}:*`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function startReplica(env: Record<string, string>, port?: number): Promise<ReplicaProcess> {
  const listenOn = port ?? (await freePort());
  // No drain before a stop unless a test asks for one: no load balancer polls these servers.
  const replica = { ...spawnEntry('src/main.ts', { SHUTDOWN_DRAIN_MS: '0', ...env, PORT: String(listenOn) }), url: `http://127.0.0.1:${listenOn}`, port: listenOn };
  // /healthz, which no rate limit counts, answers once the server listens with its database and Redis reachable.
  await until(replica, () => fetch(`${replica.url}/healthz`).then((response) => response.ok, () => false), 'the server did not answer');
  return replica;
}

/** Compiled on the fly (test/support/swc-register.cjs), as the built `node dist/src/…` would run it. */
function spawnEntry(entry: string, env: Record<string, string>, args: string[] = []): NodeProcess {
  const { DATABASE_URL: _database, REDIS_URL: _redis, REDIS_PREFIX: _prefix, ...inherited } = process.env;
  const child = spawn(process.execPath, ['-r', join(__dirname, 'swc-register.cjs'), join(ROOT, entry), ...args], {
    cwd: ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  void exited.then(() => (running = false));
  return { child, exited, output: () => output, running: () => running };
}

async function kill(process_: NodeProcess): Promise<void> {
  if (!process_.running()) return;
  process_.child.kill('SIGKILL');
  await process_.exited;
}

/** Polls `ready` until true, failing at once (with the process's output) if the process ends first. */
async function until(process_: NodeProcess, ready: () => boolean | Promise<boolean>, failure: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!process_.running()) throw new Error(`${failure}: it exited first:\n${process_.output()}`);
    if (await ready()) return;
    if (Date.now() >= deadline) throw new Error(`${failure} within ${timeoutMs} ms:\n${process_.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function newDataDir(suffix: string): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), `wts-process-${suffix}-`));
  await chmod(dataDir, 0o755); // as root, the embedded PostgreSQL runs as user "postgres" and must reach it
  return dataDir;
}
