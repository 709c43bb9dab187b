import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import type { GitHttpServer } from '../support/git-http-server';
import type { RoundRobinProxy } from '../support/round-robin-proxy';
import { useReplicatedInstallation } from '../support/replicated-installation';
import type { NodeProcess, ReplicaProcess, SharedInstallation } from '../support/server-process';
import { settledTask } from '../support/server-api';

/*
 * One installation on several machines: two API replicas (RUN_WORKERS=false) and one `npm run worker`, real
 * processes over one PostgreSQL database, one Redis prefix and one DATA_DIR, behind a round-robin proxy. What a user
 * does through the proxy lands on either replica, and must behave as on one server.
 */

jest.setTimeout(240_000);

const PO = (language: string, hello = '', bye = '') =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr "${hello}"\n\nmsgid "Good bye"\nmsgstr "${bye}"\n`;
const FILES = { 'po/cs.po': PO('cs'), 'po/de.po': PO('de') };
/** Anonymous requests allowed per hour, over every replica together. */
const ANONYMOUS_LIMIT = 6;

describe('scale-out: two API replicas and a worker behind a round-robin proxy', () => {
  const replicated = useReplicatedInstallation({ API_RATELIMIT_ANON: `${ANONYMOUS_LIMIT}/hour`, API_RATELIMIT_USER: '100000/hour' });
  let installation: SharedInstallation;
  let replicas: ReplicaProcess[];
  let worker: NodeProcess;
  let proxy: RoundRobinProxy;
  let git: GitHttpServer;
  let auth: string;

  beforeAll(async () => {
    ({ installation, replicas, proxy, git, auth } = replicated);
    worker = await installation.startWorker();
  });

  const api = (base = proxy.url) => request(base);
  const createProject = async (slug: string) => {
    await api().post('/api/projects/').set('Authorization', auth).send({ name: slug, slug, web: 'https://example.com' }).expect(201);
  };
  const createComponent = async (project: string, repo: string) => {
    const res = await api().post(`/api/projects/${project}/components/`).set('Authorization', auth)
      .send({ name: 'App', slug: 'app', repo, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    return { id: res.body.id as number, task: new URL(res.body.task_url as string).pathname };
  };
  const task = async (path: string, base?: string) => (await api(base).get(path).set('Authorization', auth).expect(200)).body;
  const settled = (path: string, timeoutMs?: number) => settledTask(() => task(path), timeoutMs);
  const units = async (project: string, language: string) =>
    (await api().get(`/api/translations/${project}/app/${language}/units/`).set('Authorization', auth).expect(200)).body.results as { id: number; source: string[]; target: string[] }[];
  const operate = (project: string, operation: string, base?: string) =>
    api(base).post(`/api/components/${project}/app/repository/`).set('Authorization', auth).send({ operation });

  it('creates from git, edits, uploads, commits and pushes through either replica', async () => {
    const remote = await git.createBareRepo('path', FILES);
    await createProject('path');
    const { task: taskPath } = await createComponent('path', remote);
    const done = await settled(taskPath);
    expect(done).toMatchObject({ completed: true, result: { translations: ['cs', 'de'] } });

    // Each edit through the proxy lands on the next replica; every replica reads what the other wrote.
    const [hello, bye] = await units('path', 'cs');
    await api().patch(`/api/units/${hello.id}/`).set('Authorization', auth).send({ target: ['Ahoj'], state: 20 }).expect(200);
    await api().patch(`/api/units/${bye.id}/`).set('Authorization', auth).send({ target: ['Nashle'], state: 20 }).expect(200);
    await api().post('/api/translations/path/app/de/file/').set('Authorization', auth)
      .attach('file', Buffer.from(PO('de', 'Hallo', 'Tschüss')), 'de.po').expect(200);
    for (const replica of replicas) {
      const statistics = (await api(replica.url).get('/api/components/path/app/statistics/').set('Authorization', auth).expect(200)).body.results;
      expect(statistics.map((row: { code: string; translated: number }) => [row.code, row.translated]).sort()).toEqual([['cs', 2], ['de', 2], ['en', 2]]);
    }

    expect((await operate('path', 'commit').expect(200)).body).toEqual({ result: true });
    expect((await operate('path', 'push').expect(200)).body).toEqual({ result: true });
    expect(await git.readFile('path', 'po/cs.po')).toContain('msgid "Hello"\nmsgstr "Ahoj"\n\nmsgid "Good bye"\nmsgstr "Nashle"\n');
    expect(await git.readFile('path', 'po/de.po')).toContain('msgstr "Tschüss"');
    // The working copy every replica and the worker share is intact.
    const workDir = join(installation.dataDir, 'vcs');
    await expect(promisify(execFile)('sh', ['-c', `for d in ${workDir}/*/*; do git -C "$d" fsck --strict || exit 1; done`])).resolves.toBeDefined();
    // Both replicas served the path.
    expect([...proxy.answeredBy.values()].every((count) => count > 0)).toBe(true);
  });

  it('enforces one rate limit over both replicas', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ANONYMOUS_LIMIT * 2; i++) statuses.push((await api().get('/api/projects/')).status);
    // Round robin: each replica saw half the requests, so a limit kept per replica would have let them all through.
    expect(statuses).toEqual([...Array(ANONYMOUS_LIMIT).fill(200), ...Array(ANONYMOUS_LIMIT).fill(429)]);
  });

  it('holds a repository lock across replicas: replica B answers 423 while replica A pushes', async () => {
    const remote = await git.createBareRepo('lock', FILES);
    await createProject('lock');
    const { task: taskPath } = await createComponent('lock', remote);
    expect(await settled(taskPath)).toMatchObject({ completed: true, result: { translations: ['cs', 'de'] } });
    const [hello] = await units('lock', 'cs');
    await api().patch(`/api/units/${hello.id}/`).set('Authorization', auth).send({ target: ['Ahoj'], state: 20 }).expect(200);

    // The remote takes the push and does not answer yet: replica A pushes, holding the working copy's lock.
    const upload = git.hold(/^\/lock\/git-receive-pack$/);
    const push = operate('lock', 'push', replicas[0].url).then((res) => res);
    await upload.reached;
    const [, bye] = await units('lock', 'cs');
    await api(replicas[1].url).patch(`/api/units/${bye.id}/`).set('Authorization', auth).send({ target: ['Nashle'], state: 20 }).expect(200);
    const blocked = await operate('lock', 'commit', replicas[1].url);
    expect({ status: blocked.status, body: blocked.body }).toEqual({ status: 423, body: expect.objectContaining({ detail: expect.stringContaining('lock') }) });
    upload.release();
    expect((await push).body).toEqual({ result: true });
    // Once A let go, B takes the lock and commits.
    expect((await operate('lock', 'commit', replicas[1].url).expect(200)).body).toEqual({ result: true });
    // The push took what A had committed; B's commit followed it in the shared working copy.
    expect(await git.readFile('lock', 'po/cs.po')).toContain('msgid "Hello"\nmsgstr "Ahoj"\n\nmsgid "Good bye"\nmsgstr ""\n');
    const status = (await api().get('/api/components/lock/app/repository/').set('Authorization', auth).expect(200)).body;
    expect(status).toMatchObject({ needs_commit: false, needs_push: true, outgoing_commits: 1 });
  });

  it('shows a task\'s progress on both replicas, and a task whose worker is killed (kill -9) is run again by the next worker', async () => {
    const remote = await git.createBareRepo('crash', FILES);
    await createProject('crash');
    // The worker clones and the remote does not answer yet: the task is in progress.
    const clone = git.hold(/^\/crash\/git-upload-pack$/);
    const { task: taskPath } = await createComponent('crash', remote);
    await clone.reached;
    const [onA, onB] = await Promise.all(replicas.map((replica) => task(taskPath, replica.url)));
    expect(onA).toMatchObject({ completed: false, progress: 10, log: expect.stringContaining('Cloning') });
    expect(onB).toEqual(onA);

    worker.child.kill('SIGKILL');
    await worker.exited;
    clone.release();
    worker = await installation.startWorker();

    // Bull finds the job stalled once the dead worker's lock lapses, and the new worker runs it again from the start.
    const done = await settled(taskPath, 150_000);
    expect(done).toMatchObject({ completed: true, result: { translations: ['cs', 'de'] } });
    expect(done.log).toMatch(/^(Cloning [^\n]*\n){2}/);
    const translations = (await api().get('/api/components/crash/app/translations/').set('Authorization', auth).expect(200)).body.results;
    expect(translations.map((translation: { language_code: string }) => translation.language_code).sort()).toEqual(['cs', 'de', 'en']);
  });
});
