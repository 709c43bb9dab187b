import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteRedisKeys, withClient } from './test-app';

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  child: ChildProcess;
  /** How the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote on stdout and stderr, to explain a failure. */
  output: () => string;
  /** Kills it if it still runs, and removes its database, Redis keys and DATA_DIR. */
  cleanUp: () => Promise<void>;
}

const ROOT = join(__dirname, '../..');

/**
 * The real server (`src/main.ts`, as `npm start` runs it, compiled on the fly) as a child process on a port of its
 * own, with a fresh DATA_DIR. Without DATABASE_URL in the test's environment it starts its own embedded PostgreSQL
 * there; with it, it gets a database of its own on that server (and its own Redis prefix with REDIS_URL).
 */
export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const suffix = randomBytes(4).toString('hex');
  const dataDir = await mkdtemp(join(tmpdir(), `wts-process-${suffix}-`));
  await chmod(dataDir, 0o755); // as root, the embedded PostgreSQL runs as user "postgres" and must reach it
  const external = process.env.DATABASE_URL;
  const database = `wts_process_${suffix}`;
  if (external) await withClient(external, (client) => client.query(`CREATE DATABASE ${database}`));
  const services: Record<string, string> = external ? { DATABASE_URL: withDatabase(external, database) } : {};
  if (external && process.env.REDIS_URL) Object.assign(services, { REDIS_URL: process.env.REDIS_URL, REDIS_PREFIX: `process_${suffix}` });

  const port = await freePort();
  const { DATABASE_URL: _database, REDIS_URL: _redis, REDIS_PREFIX: _prefix, ...inherited } = process.env;
  const child = spawn(process.execPath, ['-r', join(__dirname, 'swc-register.cjs'), join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    env: { ...inherited, LOG_LEVEL: 'warn', DATA_DIR: dataDir, PORT: String(port), ...services, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  let running = true;
  void exited.then(() => (running = false));

  const server: ServerProcess = {
    url: `http://127.0.0.1:${port}`,
    port,
    child,
    exited,
    output: () => output,
    cleanUp: async () => {
      if (running) {
        child.kill('SIGKILL');
        await exited;
      }
      if (external) await withClient(external, (client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
      if (services.REDIS_URL) await deleteRedisKeys(services.REDIS_URL, `${services.REDIS_PREFIX}:*`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  await untilAnswering(server, () => running);
  return server;
}

/** Polls GET /api/ until it answers, failing at once (with the server's output) if the process ends first. */
async function untilAnswering(server: ServerProcess, running: () => boolean, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running()) throw new Error(`the server exited before answering:\n${server.output()}`);
    const answered = await fetch(`${server.url}/api/`).then((response) => response.ok, () => false);
    if (answered) return;
    if (Date.now() >= deadline) throw new Error(`the server did not answer within ${timeoutMs} ms:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
