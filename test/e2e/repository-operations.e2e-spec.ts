import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { useGitTestEnv } from '../support/git-component';
import { GitHttpServer, UPSTREAM_AUTHOR } from '../support/git-http-server';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { TestApp } from '../support/test-app';
import { joinProjectTeam } from '../factories/project.factory';
import { createComponent } from '../factories/component.factory';

const PO = (language: string, translation = '') => `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr "${translation}"\n`;

describe('repository status and operations', () => {
  const env = useGitTestEnv();
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  beforeAll(() => ({ t, git, admin } = env));

  /** A project with one component cloned from a fresh bare repository. */
  async function setUp(name: string) {
    const url = await git.createBareRepo(name, { 'po/cs.po': PO('cs'), 'po/de.po': PO('de') });
    const project = await createProject(t);
    const res = await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
      .send({ name: 'App', slug: 'app', repo: url, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    await t.drainTasks();
    const base = `/api/components/${project.slug}/app/repository/`;
    const workDir = join(t.config.dataDir, 'vcs', String(project.id), String(res.body.id));
    return { project, base, workDir, componentId: res.body.id as number };
  }

  const operate = (path: string, operation: string, auth = admin.auth) => t.http().post(path).set('Authorization', auth).send({ operation });

  it('reports a clean, up-to-date repository after creation', async () => {
    const { base } = await setUp('clean');
    const res = await t.http().get(base).set('Authorization', admin.auth).expect(200);
    expect(res.body).toMatchObject({ needs_commit: false, needs_merge: false, needs_push: false, merge_failure: null });
    expect(res.body.url).toMatch(/\/repository\/$/);
  });

  it('describes the remote and local head commits as Weblate does (revision, author, committer, message)', async () => {
    const { base } = await setUp('commit-info');
    const [upstream] = await git.log('commit-info');
    const signature = `${UPSTREAM_AUTHOR.name} <${UPSTREAM_AUTHOR.email}>`;
    const res = await t.http().get(base).set('Authorization', admin.auth).expect(200);
    expect(res.body.remote_commit).toEqual({
      revision: upstream.sha,
      shortrevision: upstream.sha.slice(0, 7),
      author: signature,
      author_name: UPSTREAM_AUTHOR.name,
      author_email: UPSTREAM_AUTHOR.email,
      authordate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
      commit: signature,
      commit_name: UPSTREAM_AUTHOR.name,
      commit_email: UPSTREAM_AUTHOR.email,
      commitdate: expect.stringMatching(/^\d{4}-/),
      message: 'Initial commit',
      summary: 'Initial commit',
    });
    expect(res.body.weblate_commit).toEqual(res.body.remote_commit);
  });

  it('describes a component without a working copy instead of failing', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    const res = await t.http().get(`/api/components/${project.slug}/${component.slug}/repository/`).set('Authorization', admin.auth).expect(200);
    expect(res.body).toMatchObject({ needs_commit: false, needs_merge: false, needs_push: false, remote_commit: null });
    expect(res.body.status).toBeTruthy();
  });

  it('commits a changed translation file with the message template and pushes it upstream', async () => {
    const { base, workDir } = await setUp('push');
    await writeFile(join(workDir, 'po/cs.po'), PO('cs', 'Ahoj'));
    expect((await t.http().get(base).set('Authorization', admin.auth)).body.needs_commit).toBe(true);
    expect((await operate(base, 'commit').expect(200)).body).toEqual({ result: true });
    expect((await t.http().get(base).set('Authorization', admin.auth)).body).toMatchObject({ needs_commit: false, needs_push: true });
    expect((await operate(base, 'push').expect(200)).body).toEqual({ result: true });
    const [head] = await git.log('push');
    expect(head).toMatchObject({ authorName: 'Weblate', authorEmail: 'noreply@weblate.org' });
    expect(head.message).toContain('Translation: ');
    expect(await git.readFile('push', 'po/cs.po')).toContain('msgstr "Ahoj"');
  });

  it('pulls upstream commits, updating remote_commit and the translations found', async () => {
    const { base, componentId } = await setUp('pull');
    const sha = await git.commitToBare('pull', { 'po/fr.po': PO('fr') }, 'Add French');
    expect((await operate(base, 'pull').expect(200)).body).toEqual({ result: true });
    const status = await t.http().get(base).set('Authorization', admin.auth).expect(200);
    expect(status.body.remote_commit).toMatchObject({ revision: sha, summary: 'Add French' });
    const codes = await t.dataSource.query('SELECT language_code FROM translations WHERE component_id = $1 AND NOT is_source ORDER BY 1', [componentId]);
    expect(codes.map((row: { language_code: string }) => row.language_code)).toEqual(['cs', 'de', 'fr']);
  });

  it('reports a merge conflict, keeps the working copy as it was, and clears the failure after reset', async () => {
    const { base, workDir } = await setUp('conflict');
    await writeFile(join(workDir, 'po/cs.po'), PO('cs', 'Ahoj'));
    await operate(base, 'commit').expect(200);
    await git.commitToBare('conflict', { 'po/cs.po': PO('cs', 'Nazdar') }, 'Upstream edit');
    const pulled = await operate(base, 'pull').expect(200);
    expect(pulled.body.result).toBe(false);
    expect(pulled.body.detail).toContain('po/cs.po');
    expect(await readFile(join(workDir, 'po/cs.po'), 'utf8')).toContain('Ahoj');
    expect((await t.http().get(base).set('Authorization', admin.auth)).body.merge_failure).toContain('po/cs.po');

    expect((await operate(base, 'reset').expect(200)).body).toEqual({ result: true });
    expect(await readFile(join(workDir, 'po/cs.po'), 'utf8')).toContain('Nazdar');
    expect((await operate(base, 'pull').expect(200)).body.result).toBe(true);
    expect((await t.http().get(base).set('Authorization', admin.auth)).body.merge_failure).toBeNull();
  });

  it('serialises concurrent pushes without corrupting the working copy', async () => {
    const { base, workDir } = await setUp('concurrent');
    await writeFile(join(workDir, 'po/de.po'), PO('de', 'Hallo'));
    const results = await Promise.all([operate(base, 'push'), operate(base, 'push'), operate(base, 'push')]);
    expect(results.map((res) => res.status).every((status) => status === 200 || status === 423)).toBe(true);
    expect(results.filter((res) => res.status === 200).every((res) => res.body.result === true)).toBe(true);
    const status = await t.http().get(base).set('Authorization', admin.auth).expect(200);
    expect(status.body).toMatchObject({ needs_commit: false, needs_push: false, needs_merge: false });
    expect(await git.readFile('concurrent', 'po/de.po')).toContain('Hallo');
  });

  it('answers project-level status and operations over its repositories', async () => {
    const { project } = await setUp('project');
    const status = await t.http().get(`/api/projects/${project.slug}/repository/`).set('Authorization', admin.auth).expect(200);
    expect(status.body).toMatchObject({ needs_commit: false, needs_merge: false, needs_push: false });
    expect((await operate(`/api/projects/${project.slug}/repository/`, 'file-scan').expect(200)).body).toEqual({ result: true });
  });

  it('checks the permission of each operation and refuses unknown ones', async () => {
    const { project, base } = await setUp('perms');
    const translator = await createUser(t);
    await joinProjectTeam(t, translator.user.id, project, 'Translate');
    await operate(base, 'push', translator.auth).expect(403);
    await operate(base, 'push', '').expect(401);
    const vcs = await createUser(t);
    await joinProjectTeam(t, vcs.user.id, project, 'VCS');
    expect((await operate(base, 'file-scan', vcs.auth).expect(200)).body.result).toBe(true);
    expect((await operate(base, 'explode').expect(400)).body.errors[0]).toMatchObject({ attr: 'operation', code: 'invalid_choice' });
    expect((await t.http().post(base).set('Authorization', admin.auth).send({}).expect(400)).body.errors[0].attr).toBe('operation');
  });
});
