import Redis from 'ioredis';
import request from 'supertest';
import type { GitHttpServer } from '../support/git-http-server';
import type { RoundRobinProxy } from '../support/round-robin-proxy';
import { useReplicatedInstallation } from '../support/replicated-installation';
import type { NodeProcess, ReplicaProcess, SharedInstallation } from '../support/server-process';
import { settledTask } from '../support/server-api';

/*
 * SIGTERM across an installation of two API replicas and a worker (real processes, one database, Redis and
 * DATA_DIR): replicas restarted one after the other under load lose no request (each drains first: `/healthz` at 503,
 * which the proxy polls, while it still answers), and a stopping worker finishes its task, or hands it back to the
 * queue once SHUTDOWN_TIMEOUT_MS has passed, and exits.
 */

jest.setTimeout(300_000);

const STRINGS = 8;
const PO = (strings: string[]) =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n${strings.map((source) => `\nmsgid "${source}"\nmsgstr ""\n`).join('')}`;
const SOURCES = Array.from({ length: STRINGS }, (_, i) => `String ${i}`);
/** Ten of the proxy's health polls: it has stopped sending new requests to a draining replica well before it closes. */
const REPLICA = { RUN_WORKERS: 'false', SHUTDOWN_DRAIN_MS: '1000' };

interface Unit {
  id: number;
  target: string[];
}

describe('rolling restart and worker stop', () => {
  const replicated = useReplicatedInstallation({ API_RATELIMIT_USER: '1000000/hour' }, REPLICA);
  let installation: SharedInstallation;
  let replicas: ReplicaProcess[];
  let proxy: RoundRobinProxy;
  let git: GitHttpServer;
  let auth: string;
  beforeAll(() => ({ installation, replicas, proxy, git, auth } = replicated));

  const api = (base = proxy.url) => request(base);
  const task = async (path: string) => (await api().get(path).set('Authorization', auth).expect(200)).body;
  const settled = (path: string, timeoutMs?: number) => settledTask(() => task(path), timeoutMs);
  /** A project and component `app` cloned from a new remote; resolves with its task's path once the job is queued. */
  const createComponent = async (slug: string) => {
    const remote = await git.createBareRepo(slug, { 'po/cs.po': PO(SOURCES) });
    await api().post('/api/projects/').set('Authorization', auth).send({ name: slug, slug, web: 'https://example.com' }).expect(201);
    const res = await api().post(`/api/projects/${slug}/components/`).set('Authorization', auth)
      .send({ name: 'App', slug: 'app', repo: remote, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    return new URL(res.body.task_url as string).pathname;
  };
  const repositoryLocks = async () => {
    const redis = new Redis(installation.env.REDIS_URL);
    try {
      return await redis.keys(`${installation.env.REDIS_PREFIX}:lock:repository:*`);
    } finally {
      await redis.quit();
    }
  };
  const stopped = async (child: NodeProcess) => {
    const started = Date.now();
    child.child.kill('SIGTERM');
    const exit = await child.exited;
    return { exit, ms: Date.now() - started };
  };

  it('a worker stopped with SIGTERM finishes its running task, releases its locks and exits 0', async () => {
    const worker = await installation.startWorker({ SHUTDOWN_TIMEOUT_MS: '60000' });
    const clone = git.hold(/^\/finish\/git-upload-pack$/);
    const taskPath = await createComponent('finish');
    await clone.reached;
    const stopping = stopped(worker);
    // Still running the task: the remote answers only now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    clone.release();
    const { exit } = await stopping;
    expect({ exit, output: worker.output() }).toEqual({ exit: { code: 0, signal: null }, output: expect.any(String) });
    expect(await task(taskPath)).toMatchObject({ completed: true, result: { translations: ['cs'] } });
    expect(await repositoryLocks()).toEqual([]);
  });

  it('a worker whose task outlasts SHUTDOWN_TIMEOUT_MS hands it back and exits; the next worker runs it', async () => {
    const worker = await installation.startWorker({ SHUTDOWN_TIMEOUT_MS: '2000' });
    const clone = git.hold(/^\/handback\/git-upload-pack$/);
    const taskPath = await createComponent('handback');
    await clone.reached;
    const { exit, ms } = await stopped(worker);
    expect({ exit, output: worker.output() }).toEqual({ exit: { code: 0, signal: null }, output: expect.stringContaining('handed back to the queue') });
    // SHUTDOWN_TIMEOUT_MS, then the app's close: within the documented bound (README: SHUTDOWN_TIMEOUT_MS + 10 s).
    expect(ms).toBeLessThan(2000 + 10_000);
    expect(await task(taskPath)).toMatchObject({ completed: false, log: expect.stringContaining('another worker runs it again') });

    clone.release();
    const next = await installation.startWorker();
    expect(await settled(taskPath)).toMatchObject({ completed: true, result: { translations: ['cs'] } });
    const units = (await api().get('/api/translations/handback/app/cs/units/').set('Authorization', auth).expect(200)).body.results as Unit[];
    expect(units).toHaveLength(STRINGS);
    next.child.kill('SIGTERM');
    expect(await next.exited).toEqual({ code: 0, signal: null });
  });

  it('restarts both replicas one after the other under load without losing a request', async () => {
    const worker = await installation.startWorker();
    expect(await settled(await createComponent('load'))).toMatchObject({ completed: true });
    const units = (await api().get('/api/translations/load/app/cs/units/').set('Authorization', auth).expect(200)).body.results as Unit[];

    // One client per string, each writing its own string again and again and reading the list between writes.
    const outcomes = { sent: 0, answered: 0, failed: [] as string[] };
    const acknowledged = new Map<number, string>();
    let loading = true;
    const client = async (unit: Unit) => {
      for (let i = 0; loading; i++) {
        const value = `Value ${unit.id}.${i}`;
        const write = i % 2 === 0;
        outcomes.sent++;
        const res = await (write
          ? api().patch(`/api/units/${unit.id}/`).set('Authorization', auth).send({ target: [value], state: 20 })
          : api().get('/api/translations/load/app/cs/units/').set('Authorization', auth)
        ).then((response) => response, (error: Error) => ({ status: 0, body: { detail: error.message } }));
        if (res.status !== 200) {
          outcomes.failed.push(`${res.status} ${JSON.stringify(res.body)}`);
          continue;
        }
        outcomes.answered++;
        if (write) acknowledged.set(unit.id, value);
      }
    };
    const clients = Promise.all(units.map(client));

    const answeredSinceRestart: number[] = [];
    for (const [index, replica] of replicas.entries()) {
      const { exit } = await stopped(replica);
      expect({ exit, output: replica.output() }).toEqual({ exit: { code: 0, signal: null }, output: expect.any(String) });
      replicas[index] = await installation.startServer(REPLICA, replica.port);
      answeredSinceRestart[index] = -proxy.answeredBy.get(replica.url)!;
    }
    // Some load on the restarted pair too.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const [index, replica] of replicas.entries()) answeredSinceRestart[index]! += proxy.answeredBy.get(replica.url)!;
    loading = false;
    await clients;

    process.stdout.write(`rolling restart: ${outcomes.sent} requests sent, ${outcomes.answered} answered 200, ${outcomes.failed.length} lost, ` +
      `${proxy.retried()} sent again after a refused connection, ${answeredSinceRestart.join(' and ')} answered by the restarted replicas\n`);
    expect(outcomes.failed).toEqual([]);
    expect(outcomes.answered).toBe(outcomes.sent);
    // The load went on through the restarts: each restarted replica took its share again.
    for (const answered of answeredSinceRestart) expect(answered).toBeGreaterThan(0);
    // Every acknowledged write is what the string holds.
    const final = (await api().get('/api/translations/load/app/cs/units/').set('Authorization', auth).expect(200)).body.results as Unit[];
    expect(Object.fromEntries(final.map((unit) => [unit.id, unit.target[0]]))).toEqual(Object.fromEntries(acknowledged));
    worker.child.kill('SIGTERM');
    await worker.exited;
  });
});
