import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { po as parsePo } from 'gettext-parser';
import { Client } from 'pg';
import { GitHttpServer, startGitHttpServer } from '../support/git-http-server';
import { adminToken, apiClient, ApiClient, until } from '../support/server-api';
import { ServerProcess, startServerProcess } from '../support/server-process';

/*
 * `kill -9` of the real server (src/main.ts in a child process) in the middle of a large upload, of a commit and of
 * a component's creation from git; then a new server on the same DATA_DIR and database. Nothing half-done may
 * remain: the upload is there entirely or not at all, no acknowledged string is lost, the interrupted task is
 * marked failed with a reason (or, on Bull, run again to its end), the repository lock is free and the working
 * copy is sound (`git fsck`, no stale index.lock, no half-written file).
 */

/**
 * Strings of the uploaded file. CI uses 20 000 to stay within its time budget (the suite runs in both modes);
 * `RELIABILITY_UPLOAD_STRINGS=100000 npm run test:reliability -- crash` runs the full size.
 */
const STRINGS = Number(process.env.RELIABILITY_UPLOAD_STRINGS ?? 20_000);
const HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n';
const po = (target: (index: number) => string) =>
  HEADER + Array.from({ length: STRINGS }, (_, index) => `\nmsgid "Message number ${index}"\nmsgstr "${target(index)}"\n`).join('');

describe('kill -9 of the server', () => {
  let git: GitHttpServer;
  let server: ServerProcess;
  let api: ApiClient;
  let crashes = 0;

  beforeAll(async () => {
    git = await startGitHttpServer();
    server = await startServerProcess({ VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false', ALLOWED_HOSTS: '*' });
    api = apiClient(server, await adminToken(server));
  });

  afterAll(async () => {
    process.stdout.write(`crash: ${crashes} kill -9 survived\n`);
    await server?.cleanUp();
    await git?.close();
  });

  /** Kills the server once `landed` holds (polled), then starts another on the same data. */
  async function crashWhen(landed: () => Promise<boolean>, during?: Promise<unknown>): Promise<void> {
    during?.catch(() => undefined); // awaited below, after the kill
    await until(landed, 60_000, 20);
    server.child.kill('SIGKILL');
    expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // The client saw its connection drop: the operation was never acknowledged.
    if (during) await expect(during).rejects.toThrow(/fetch failed|terminated|socket/i);
    server = await server.restart();
    crashes++;
  }

  async function withDatabase<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const client = new Client({ connectionString: await server.databaseUrl() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  /** A transaction of the server has written to units and not committed yet. */
  const writingUnits = () => withDatabase(async (client) => (await client.query(
    `SELECT 1 FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND backend_xid IS NOT NULL AND query ~* 'units'`,
  )).rowCount! > 0);

  const workDir = (projectId: number, componentId: number) => join(server.dataDir, 'vcs', String(projectId), String(componentId));

  function assertSoundWorkingCopy(dir: string): void {
    expect(existsSync(join(dir, '.git', 'index.lock'))).toBe(false);
    execFileSync('git', ['-C', dir, 'fsck', '--strict', '--no-progress'], { stdio: 'pipe' });
    // Whatever is in the file parses whole (a half-written file would not).
    expect(Object.keys(parsePo.parse(readFileSync(join(dir, 'po/cs.po'))).translations[''] ?? {})).toHaveLength(STRINGS + 1);
  }

  it('loses nothing when killed during a large upload and during the commit that follows', async () => {
    await git.createBareRepo('large', { 'po/cs.po': po(() => '') });
    const project = await api.post('/api/projects/', { name: 'Large', slug: 'large', web: 'https://example.com/' }, 201);
    const component = await api.post('/api/projects/large/components/', { name: 'App', slug: 'app', repo: `${git.url}/large`, filemask: 'po/*.po', file_format: 'po' }, 201);
    expect((await api.settle(component.task_url as string)).result).toMatchObject({ translations: ['cs'] });
    const translation = '/api/translations/large/app/cs/';

    // The upload: all of it is one transaction, so after the crash it is there entirely or not at all.
    const file = po((index) => `Zpráva číslo ${index}`);
    await crashWhen(writingUnits, api.upload(`${translation}file/`, file));
    const afterCrash = await api.get(`${translation}statistics/`);
    expect([0, STRINGS]).toContain(afterCrash.translated);
    const uploadChanges = await api.get(`${translation}changes/?action=9&page_size=1`); // "translation uploaded" entries
    expect(uploadChanges.count).toBe(afterCrash.translated);

    // Uploaded again, acknowledged: every string is translated and pending a commit.
    expect(await api.upload(`${translation}file/`, file)).toMatchObject({ result: true, accepted: STRINGS - afterCrash.translated });
    expect(await api.get(`${translation}statistics/`)).toMatchObject({ translated: STRINGS });

    // The commit: killed once the translation file starts to change.
    const dir = workDir(project.id as number, component.id as number);
    const file0 = statSync(join(dir, 'po/cs.po')).mtimeMs;
    await crashWhen(async () => statSync(join(dir, 'po/cs.po'), { throwIfNoEntry: false })?.mtimeMs !== file0, api.post(`${translation}repository/`, { operation: 'commit' }, 200));
    assertSoundWorkingCopy(dir);

    // The lock is free (on Redis, once the dead holder's lease ran out) and the next commit holds every string.
    expect(await api.retryWhileLocked(() => api.post(`${translation}repository/`, { operation: 'commit' }))).toEqual({ result: true });
    assertSoundWorkingCopy(dir);
    expect(execFileSync('git', ['-C', dir, 'status', '--porcelain']).toString()).toBe('');
    const committed = parsePo.parse(execFileSync('git', ['-C', dir, 'show', 'HEAD:po/cs.po'], { maxBuffer: 64 << 20 })).translations[''] ?? {};
    const lost = Array.from({ length: STRINGS }, (_, index) => index).filter((index) => committed[`Message number ${index}`]?.msgstr[0] !== `Zpráva číslo ${index}`);
    expect(lost).toEqual([]);
    expect(await api.get('/api/components/large/app/repository/')).toMatchObject({ needs_commit: false });
  });

  it('fails the interrupted creation of a component from git with a reason, and leaves no half-made component', async () => {
    // Incompressible content makes the clone take long enough to be killed in the middle of it.
    await git.createBareRepo('big', { 'po/cs.po': po(() => ''), 'assets/noise.bin': randomBytes(32 << 20) });
    const project = await api.post('/api/projects/', { name: 'Big', slug: 'big', web: 'https://example.com/' }, 201);
    const component = await api.post('/api/projects/big/components/', { name: 'App', slug: 'app', repo: `${git.url}/big`, filemask: 'po/*.po', file_format: 'po' }, 201);
    const taskUrl = component.task_url as string;
    const dir = workDir(project.id as number, component.id as number);
    await crashWhen(async () => (await api.get(taskUrl)).log.includes('Cloning') && existsSync(join(dir, '.git')));

    const task = await api.settle(taskUrl);
    if (task.result?.error) {
      // Marked failed, saying why; the half-made component and its partial clone are gone.
      expect(task).toMatchObject({ completed: true, result: { error: expect.stringMatching(/stopped before it finished|stalled/) } });
      await api.get('/api/components/big/app/', 404);
      expect(existsSync(dir)).toBe(false);
    } else {
      // Bull ran the stalled job again to its end: the component is whole and its working copy sound.
      expect(task.result).toMatchObject({ translations: ['cs'] });
      assertSoundWorkingCopy(dir);
    }
    // Nothing of it is in the way: a component of that name can be made (again), and its translation is whole.
    if (task.result?.error) {
      await git.createBareRepo('small', { 'po/cs.po': po(() => '') });
      const again = await api.post('/api/projects/big/components/', { name: 'App', slug: 'app', repo: `${git.url}/small`, filemask: 'po/*.po', file_format: 'po' }, 201);
      expect((await api.settle(again.task_url as string)).result).toMatchObject({ translations: ['cs'] });
    }
    expect(await api.get('/api/translations/big/app/cs/statistics/')).toMatchObject({ total: STRINGS, translated: 0 });
  });
});
