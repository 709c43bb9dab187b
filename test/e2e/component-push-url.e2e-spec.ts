import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createProject } from '../factories/project.factory';
import { UserWithToken } from '../factories/user.factory';
import { useGitTestEnv } from '../support/git-component';
import { GitHttpServer } from '../support/git-http-server';
import { TestApp } from '../support/test-app';

const PO = (language: string, translation = '') => `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr "${translation}"\n`;

describe('a separate push URL', () => {
  const env = useGitTestEnv();
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  beforeAll(() => ({ t, git, admin } = env));

  const create = (projectSlug: string, body: Record<string, unknown>) =>
    t.http().post(`/api/projects/${projectSlug}/components/`).set('Authorization', admin.auth)
      .send({ name: 'App', slug: 'app', filemask: 'po/*.po', file_format: 'po', ...body });

  it('pushes to the push URL, not to origin', async () => {
    const origin = await git.createBareRepo('origin', { 'po/cs.po': PO('cs') });
    // An empty fork: the first push creates its branch.
    const fork = await git.createBareRepo('fork');
    const [upstreamHead] = await git.log('origin');
    const project = await createProject(t);
    const res = await create(project.slug, { repo: origin, push: fork }).expect(201);
    expect(res.body.push).toBe(fork);
    await t.drainTasks();

    await writeFile(join(t.config.dataDir, 'vcs', String(project.id), String(res.body.id), 'po/cs.po'), PO('cs', 'Ahoj'));
    const pushed = await t.http().post(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    expect(pushed.body).toEqual({ result: true });

    expect(await git.readFile('fork', 'po/cs.po')).toContain('msgstr "Ahoj"');
    expect(await git.readFile('origin', 'po/cs.po')).not.toContain('Ahoj');
    expect((await git.log('origin'))[0].sha).toBe(upstreamHead.sha);
  });

  it('pushes to origin when the push URL is cleared', async () => {
    const origin = await git.createBareRepo('origin2', { 'po/cs.po': PO('cs') });
    const fork = await git.createBareRepo('fork2');
    const project = await createProject(t);
    const res = await create(project.slug, { repo: origin, push: fork }).expect(201);
    await t.drainTasks();
    await t.http().patch(`/api/components/${project.slug}/app/`).set('Authorization', admin.auth).send({ push: '' }).expect(200);
    await writeFile(join(t.config.dataDir, 'vcs', String(project.id), String(res.body.id), 'po/cs.po'), PO('cs', 'Nazdar'));
    await t.http().post(`/api/components/${project.slug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    expect(await git.readFile('origin2', 'po/cs.po')).toContain('Nazdar');
    await expect(git.readFile('fork2', 'po/cs.po')).rejects.toThrow();
  });

  it('holds the push URL to the repository URL policy at creation and on PATCH', async () => {
    const origin = await git.createBareRepo('origin3', { 'po/cs.po': PO('cs') });
    const project = await createProject(t);
    const refused = await create(project.slug, { repo: origin, push: 'file:///etc/passwd' }).expect(400);
    expect(refused.body.errors[0]).toMatchObject({ attr: 'push' });
    expect(refused.body.errors[0].detail).toMatch(/not allowed: the file scheme is not enabled/);
    expect(await t.dataSource.query('SELECT id FROM components WHERE project_id = $1', [project.id])).toEqual([]);

    await create(project.slug, { repo: origin }).expect(201);
    await t.drainTasks();
    const patched = await t.http().patch(`/api/components/${project.slug}/app/`).set('Authorization', admin.auth).send({ push: 'ext::sh -c whoami' }).expect(400);
    expect(patched.body.errors[0].attr).toBe('push');
    const stored = await t.http().get(`/api/components/${project.slug}/app/`).set('Authorization', admin.auth).expect(200);
    expect(stored.body.push).toBe('');
  });

  it('refuses a push URL for a component without a remote', async () => {
    const project = await createProject(t);
    const res = await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
      .field({ name: 'Doc', slug: 'doc', push: 'https://example.org/x.git' })
      .attach('docfile', Buffer.from(PO('en', 'Hello')), 'doc.po')
      .expect(400);
    expect(res.body.errors[0]).toMatchObject({ attr: 'push', detail: 'Push URL is not used without a remote repository.' });
  });
});
