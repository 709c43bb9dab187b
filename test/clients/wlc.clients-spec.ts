import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createUser } from '../factories/user.factory';
import { GitHttpServer, startGitHttpServer } from '../support/git-http-server';
import { createTestApp, TestApp } from '../support/test-app';

const run = promisify(execFile);
const PO = (language: string) => `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr ""\n`;

/**
 * The official Weblate client (Debian package `wlc`) against a running server: every command must work
 * unchanged. Runs with `npm run test:clients`, which needs `wlc` installed (CI installs it).
 */
describe('wlc, the Weblate command-line client', () => {
  let t: TestApp;
  let git: GitHttpServer;
  let home: string;
  let api: string;
  let key: string;

  const wlc = async (...args: string[]) => {
    const { stdout } = await run('wlc', ['--url', api, '--key', key, ...args], { env: { ...process.env, HOME: home, XDG_CONFIG_HOME: home }, cwd: home });
    return stdout;
  };

  beforeAll(async () => {
    [t, git] = await Promise.all([createTestApp({ VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false' }), startGitHttpServer()]);
    await t.app.listen(0, '127.0.0.1');
    api = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/`;
    home = await mkdtemp(join(tmpdir(), 'wlc-home-'));
    const admin = await createUser(t, { isSuperuser: true });
    key = admin.token;
    const repo = await git.createBareRepo('hello', { 'po/cs.po': PO('cs'), 'po/de.po': PO('de') });
    await t.http().post('/api/projects/').set('Authorization', admin.auth).send({ name: 'Hello', slug: 'hello', web: 'https://hello.example/' }).expect(201);
    await t.http().post('/api/projects/hello/components/').set('Authorization', admin.auth)
      .send({ name: 'App', slug: 'app', repo, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    await t.drainTasks();
  });

  afterAll(async () => {
    await t.close();
    await git.close();
    await rm(home, { recursive: true, force: true });
  });

  it('lists projects and components', async () => {
    expect(await wlc('list-projects')).toContain('hello');
    expect(await wlc('list-components')).toContain('app');
  });

  it('shows a project and a component with every field it prints', async () => {
    expect(await wlc('show', 'hello')).toMatch(/name: Hello/);
    const component = await wlc('show', 'hello/app');
    expect(component).toMatch(/file_format: po/);
    expect(component).toMatch(/filemask: po\/\*\.po/);
  });

  it('reads the output as JSON too', async () => {
    const projects = JSON.parse(await wlc('--format', 'json', 'list-projects'));
    expect(projects.map((project: { slug: string }) => project.slug)).toContain('hello');
  });

  it('walks every page of the languages', async () => {
    const languages = await wlc('list-languages');
    expect(languages).toContain('Czech');
    expect(languages).toContain('Zulu');
  });

  it('lists and shows translations with their statistics', async () => {
    const translations = await wlc('list-translations');
    expect(translations).toMatch(/hello\/app\/cs|\/translations\/hello\/app\/cs\//);
    expect(await wlc('show', 'hello/app/cs')).toMatch(/language_code: cs/);
    expect(await wlc('stats', 'hello/app/cs')).toMatch(/total/);
    expect(await wlc('stats', 'hello')).toMatch(/translated_percent/);
  });

  it('downloads a translation file and a component archive', async () => {
    expect(await wlc('download', 'hello/app/cs')).toContain('Language: cs');
    await wlc('download', 'hello/app', '-o', home);
    expect(existsSync(join(home, 'hello-app.zip'))).toBe(true);
  });

  it('locks and unlocks a component', async () => {
    expect(await wlc('lock-status', 'hello/app')).toMatch(/locked: False/);
    await wlc('lock', 'hello/app');
    expect(await wlc('lock-status', 'hello/app')).toMatch(/locked: True/);
    await wlc('unlock', 'hello/app');
    expect(await wlc('lock-status', 'hello/app')).toMatch(/locked: False/);
  });

  it('shows the repository status and runs repository operations', async () => {
    const status = await wlc('repo', 'hello/app');
    expect(status).toMatch(/needs_commit: False/);
    // remote_commit is a commit object (Weblate's CommitInfo); wlc prints it whole, its revision included.
    expect(status).toMatch(/remote_commit: .*[0-9a-f]{40}/);
    await wlc('commit', 'hello/app');
    await wlc('pull', 'hello/app');
    await wlc('push', 'hello/app');
    await wlc('cleanup', 'hello/app');
    expect(await wlc('repo', 'hello')).toMatch(/needs_push: False/);
  });

  it('reports a rejected key as the client expects', async () => {
    await expect(run('wlc', ['--url', api, '--key', 'wlu_wrong', 'list-projects'], { env: { ...process.env, HOME: home } })).rejects.toMatchObject({
      stderr: expect.stringMatching(/rejected/i),
    });
  });
});
