import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { descendants } from './process-memory';
import { freePort, withDatabase } from '../test/support/local-services';

/** The repository root: this file runs as dist-bench/bench/server-process.js. */
export const ROOT = join(__dirname, '../..');

export interface ServerProcess {
  url: string;
  pid: number;
  /** The API key of a superuser made with the admin CLI. */
  token: string;
  /** Whether PostgreSQL is the server's own embedded one (its processes are then the server's descendants). */
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * Limits one benchmark client would hit are lifted: the rate limits, and the caps on unit lists and searches
 * running at once (loads use up to 16 connections with one key; below that they answer 429 instead of measuring).
 * Repositories on the benchmark's own git server (127.0.0.1, plain http) are allowed for the hook rows.
 */
const BENCH_ENV = {
  LOG_LEVEL: 'warn',
  API_RATELIMIT_ANON: '1000000/hour',
  API_RATELIMIT_USER: '1000000/hour',
  SEARCH_CONCURRENCY_PER_CALLER: '16',
  SEARCH_CONCURRENCY_TOTAL: '16',
  VCS_ALLOW_SCHEMES: 'http,https',
  VCS_BLOCK_PRIVATE_HOSTS: 'false',
};

/**
 * The server as `npm start` runs it (compiled, here into dist-bench/), in a process of its own so that its memory
 * is its own, on a free port with a fresh DATA_DIR. Without DATABASE_URL it starts its embedded PostgreSQL there;
 * with it, it gets a new database on that server, dropped at the end. Background tasks run in the server process
 * (REDIS_URL is not passed on), as in the default installation.
 */
export async function startServer(): Promise<ServerProcess> {
  const suffix = randomBytes(4).toString('hex');
  const dataDir = await mkdtemp(join(tmpdir(), `wts-bench-${suffix}-`));
  await chmod(dataDir, 0o755); // as root, the embedded PostgreSQL runs as user "postgres" and must reach it
  const external = process.env.DATABASE_URL;
  const database = `wts_bench_${suffix}`;
  if (external) await onServer(external, `CREATE DATABASE ${database}`);
  const port = await freePort();
  const { DATABASE_URL: _database, REDIS_URL: _redis, REDIS_PREFIX: _prefix, ...inherited } = process.env;
  const env = { ...inherited, ...BENCH_ENV, DATA_DIR: dataDir, PORT: String(port), ...(external ? { DATABASE_URL: withDatabase(external, database) } : {}) };

  const child = spawn(process.execPath, [...serverNodeArgs(), join(ROOT, 'dist-bench/src/main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running) {
      // A server stuck in a statement does not stop on SIGTERM: then it and its embedded PostgreSQL are killed.
      const below = await descendants(child.pid!);
      child.kill('SIGTERM');
      const killed = setTimeout(() => {
        for (const pid of below) killQuietly(pid);
        child.kill('SIGKILL');
      }, 30_000);
      await exited;
      clearTimeout(killed);
    }
    if (external) await onServer(external, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    await untilAnswering(url, () => running, () => output);
    const token = await createAdmin(env);
    return { url, pid: child.pid!, token, embedded: !external, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * `BENCH_SERVER_NODE_ARGS` (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`): options for the server's node only, to profile
 * it while a row runs (NODE_OPTIONS refuses `--cpu-prof`, and would profile the benchmark and the CLI too).
 */
function serverNodeArgs(): string[] {
  return (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/** The admin CLI (as `npm run cli -- createadmin`) joins the running server's database and prints the key last. */
async function createAdmin(env: NodeJS.ProcessEnv): Promise<string> {
  const cli = join(ROOT, 'dist-bench/src/cli/main.js');
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'createadmin', '--username', 'bench', '--email', 'bench@example.com'], { cwd: ROOT, env });
  const key = stdout.trim().split('\n').pop() ?? '';
  if (!/^\S+$/.test(key)) throw new Error(`createadmin printed no key:\n${stdout}`);
  return key;
}

async function untilAnswering(url: string, running: () => boolean, output: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!running()) throw new Error(`the server exited before answering:\n${output()}`);
    if (await fetch(`${url}/api/`).then((res) => res.ok, () => false)) return;
    if (Date.now() > deadline) throw new Error(`the server did not answer within 120 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function onServer(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}




function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
