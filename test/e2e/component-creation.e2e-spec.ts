import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { GitHttpServer, startGitHttpServer } from '../support/git-http-server';
import { TasksService } from '../../src/tasks/tasks.service';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const PO = (language: string) => `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr ""\n`;

describe('component creation from a repository', () => {
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  let repoUrl: string;

  beforeAll(async () => {
    [t, git] = await Promise.all([
      // Tests reach the git server on 127.0.0.1 over http, which the default policy rightly refuses.
      createTestApp({ VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false' }),
      startGitHttpServer(),
    ]);
    admin = await createUser(t, { isSuperuser: true });
    repoUrl = await git.createBareRepo('app', {
      'po/cs.po': PO('cs'),
      'po/de.po': PO('de'),
      'po/pt-BR.po': PO('pt_BR'),
      'po/xx-unknown.po': PO('xx'),
      'README.md': 'readme',
    });
  });

  afterAll(async () => {
    await t.close();
    await git.close();
  });

  const create = (projectSlug: string, body: object) => t.http().post(`/api/projects/${projectSlug}/components/`).set('Authorization', admin.auth).send(body);

  it('reports a malformed translation file and sets up the component with the others', async () => {
    const url = await git.createBareRepo('malformed', { 'po/cs.po': PO('cs'), 'po/de.po': 'msgid "Hello"\nmsgstr "Hallo\n' });
    const project = await createProject(t);
    const res = await create(project.slug, { name: 'App', slug: 'app', repo: url, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    await t.drainTasks();
    const task = await t.http().get(new URL(res.body.task_url).pathname).expect(200);
    expect(task.body).toMatchObject({ completed: true, result: { translations: ['cs', 'de'], unreadable: [{ path: 'po/de.po', reason: expect.stringMatching(/po\/de\.po.*line 2/) }] } });
    expect(task.body.log).toMatch(/Skipped po\/de\.po: /);
    const czech = await t.http().get(`/api/translations/${project.slug}/app/cs/units/`).set('Authorization', admin.auth).expect(200);
    expect(czech.body.count).toBe(1);
    const changes = await t.http().get(`/api/translations/${project.slug}/app/de/changes/`).set('Authorization', admin.auth).expect(200);
    expect(changes.body.results.map((change: { action: number }) => change.action)).toContain(24);
  });

  it('rolls back a file found malformed midway through storing it, and stores the others', async () => {
    // With a template, files are read straight into the database; this one breaks after its first string.
    const broken = 'msgid ""\nmsgstr ""\n"Language: de\\n"\n\nmsgid "Hello"\nmsgstr "Hallo"\n\nmsgid "Bye"\nmsgstr "Tschüss\n';
    const url = await git.createBareRepo('malformed-midway', { 'po/messages.pot': PO('en'), 'po/cs.po': PO('cs'), 'po/de.po': broken });
    const project = await createProject(t);
    const res = await create(project.slug, { name: 'App', slug: 'app', repo: url, filemask: 'po/*.po', template: 'po/messages.pot', file_format: 'po' }).expect(201);
    await t.drainTasks();
    const task = await t.http().get(new URL(res.body.task_url).pathname).expect(200);
    expect(task.body).toMatchObject({ completed: true, result: { unreadable: [{ path: 'po/de.po', reason: expect.stringMatching(/po\/de\.po.*line 9/) }] } });
    const units = (language: string) => t.http().get(`/api/translations/${project.slug}/app/${language}/units/`).set('Authorization', admin.auth).expect(200);
    expect((await units('cs')).body.count).toBe(1);
    expect((await units('de')).body.count).toBe(0);
  });

  it('clones, discovers the languages and reports a completed task', async () => {
    const project = await createProject(t);
    const res = await create(project.slug, { name: 'App', slug: 'app', repo: repoUrl, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    expect(res.body.task_url).toMatch(/\/api\/tasks\/[0-9a-f-]{36}\/$/);
    await t.drainTasks();

    const task = await t.http().get(new URL(res.body.task_url).pathname).expect(200);
    expect(task.body).toMatchObject({ completed: true, progress: 100, result: { translations: ['cs', 'de', 'pt-BR'] } });
    expect(task.body.log).toContain('Cloning');
    expect(task.body.log).toContain('po/xx-unknown.po');

    const translations = await t.dataSource.query(
      `SELECT l.code, t.language_code, t.filename, t.is_source FROM translations t JOIN languages l ON l.id = t.language_id
       WHERE t.component_id = $1 ORDER BY l.code`,
      [res.body.id],
    );
    expect(translations).toEqual([
      { code: 'cs', language_code: 'cs', filename: 'po/cs.po', is_source: false },
      { code: 'de', language_code: 'de', filename: 'po/de.po', is_source: false },
      { code: 'en', language_code: 'en', filename: '', is_source: true },
      { code: 'pt_BR', language_code: 'pt-BR', filename: 'po/pt-BR.po', is_source: false },
    ]);
    const component = await t.http().get(`/api/components/${project.slug}/app/`).expect(200);
    expect(component.body.branch).toBe('main');
    expect(existsSync(join(t.config.dataDir, 'vcs', String(project.id), String(res.body.id), 'po', 'cs.po'))).toBe(true);
  });

  it('shares the working copy of a component with the same repository', async () => {
    const project = await createProject(t);
    await create(project.slug, { name: 'First', slug: 'first', repo: repoUrl, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    await t.drainTasks();
    const second = await create(project.slug, { name: 'Second', slug: 'second', repo: repoUrl, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    expect(second.body.linked_component).toMatch(new RegExp(`/api/components/${project.slug}/first/$`));
    expect(second.body.repo).toBe(repoUrl);
    await t.drainTasks();
    const rows = await t.dataSource.query('SELECT repo FROM components WHERE id = $1', [second.body.id]);
    expect(rows[0].repo).toBe(`weblate://${project.slug}/first`);
    expect(existsSync(join(t.config.dataDir, 'vcs', String(project.id), String(second.body.id)))).toBe(false);
    const count = await t.dataSource.query('SELECT count(*)::int AS n FROM translations WHERE component_id = $1', [second.body.id]);
    expect(count[0].n).toBe(4);

    const separate = await create(project.slug, { name: 'Third', slug: 'third', repo: repoUrl, filemask: 'po/*.po', file_format: 'po', disable_autoshare: true }).expect(201);
    expect(separate.body.linked_component).toBeNull();
  });

  it('removes the component again and explains why when the clone fails', async () => {
    const project = await createProject(t);
    const res = await create(project.slug, { name: 'Gone', slug: 'gone', repo: `${git.url}/missing.git`, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    await t.drainTasks();
    const task = await t.http().get(new URL(res.body.task_url).pathname).expect(200);
    expect(task.body.completed).toBe(true);
    expect(task.body.result.error).toBeTruthy();
    await t.http().get(`/api/components/${project.slug}/gone/`).expect(404);
    expect(existsSync(join(t.config.dataDir, 'vcs', String(project.id), String(res.body.id)))).toBe(false);
  });

  it('answers 201 with the task even when the clone fails before the answer is written', async () => {
    // The clone fails at once (nothing listens on port 1), and here the task runs to its end inside start().
    const tasks = t.app.get(TasksService);
    const start = tasks.start.bind(tasks);
    const spy = jest.spyOn(tasks, 'start').mockImplementation(async (name, payload) => {
      const task = await start(name, payload);
      await tasks.drain();
      return task;
    });
    try {
      const project = await createProject(t);
      const res = await create(project.slug, { name: 'Quick', slug: 'quick', repo: 'http://127.0.0.1:1/app.git', filemask: 'po/*.po', file_format: 'po' }).expect(201);
      expect(res.body).toMatchObject({ slug: 'quick', task_url: expect.stringMatching(/\/api\/tasks\/[0-9a-f-]{36}\/$/) });
      const task = await t.http().get(new URL(res.body.task_url).pathname).expect(200);
      expect(task.body).toMatchObject({ completed: true, result: { error: expect.stringContaining('cannot reach the server') } });
      await t.http().get(`/api/components/${project.slug}/quick/`).set('Authorization', admin.auth).expect(404);
    } finally {
      spy.mockRestore();
    }
  });

  it.each([
    [{ file_format: 'nope' }, 'file_format'],
    [{ filemask: 'po/fixed.po' }, 'filemask'],
    [{ repo: 'file:///etc' }, 'repo'],
    [{ repo: '/srv/git/app.git' }, 'repo'],
    [{ repo: 'weblate://none/such' }, 'repo'],
    [{ source_language: 'xx-nope' }, 'source_language.code'],
    [{ slug: 'has space' }, 'slug'],
  ])('rejects %p with 400 on %s and creates nothing', async (override, attr) => {
    const project = await createProject(t);
    const res = await create(project.slug, { name: 'Bad', slug: 'bad', repo: repoUrl, filemask: 'po/*.po', file_format: 'po', ...override }).expect(400);
    expect(res.body.errors.map((e: { attr: string }) => e.attr)).toContain(attr);
    expect(await t.dataSource.query('SELECT id FROM components WHERE project_id = $1', [project.id])).toEqual([]);
  });

  it.each(['fluent', 'go-i18n-toml', 'laravel'])('refuses the file format %s, which the server cannot read, on creation and on PATCH', async (fileFormat) => {
    const project = await createProject(t);
    const refused = await create(project.slug, { name: 'Ftl', slug: 'ftl', repo: repoUrl, filemask: 'po/*.po', file_format: fileFormat }).expect(400);
    expect(refused.body.errors).toEqual([{ code: 'invalid_choice', attr: 'file_format', detail: expect.stringContaining(`"${fileFormat}" is not a valid choice. Supported formats are: `) }]);
    expect(refused.body.errors[0].detail).toMatch(/: (.*, )?po, .*ruby-yaml, .*xliff/);
    expect(await t.dataSource.query('SELECT id FROM components WHERE project_id = $1', [project.id])).toEqual([]);

    await create(project.slug, { name: 'App', slug: 'app', repo: repoUrl, filemask: 'po/*.po', file_format: 'po', disable_autoshare: true }).expect(201);
    await t.drainTasks();
    const path = `/api/components/${project.slug}/app/`;
    const patched = await t.http().patch(path).set('Authorization', admin.auth).send({ file_format: fileFormat }).expect(400);
    expect(patched.body.errors[0]).toMatchObject({ code: 'invalid_choice', attr: 'file_format' });
    expect((await t.http().get(path).set('Authorization', admin.auth).expect(200)).body.file_format).toBe('po');
    const units = await t.http().get(`/api/translations/${project.slug}/app/cs/units/`).set('Authorization', admin.auth).expect(200);
    expect(units.body.count).toBe(1);
  });

  it('refuses a duplicate slug in the project', async () => {
    const project = await createProject(t);
    await create(project.slug, { name: 'One', slug: 'one', repo: repoUrl, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    const dup = await create(project.slug, { name: 'Two', slug: 'one', repo: repoUrl, filemask: 'po/*.po', file_format: 'po' }).expect(400);
    expect(dup.body.errors[0]).toMatchObject({ attr: 'slug', code: 'unique' });
    await t.drainTasks();
  });
});
