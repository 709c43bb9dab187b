import { ChangeAction } from '../../src/changes/change-actions';
import { ChangeRecord, ChangesService } from '../../src/changes/changes.service';
import { UrlBuilder } from '../../src/core/urls/url-builder';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { apiCall, Method } from '../support/api-call';
import { GitHttpServer, startGitHttpServer } from '../support/git-http-server';
import { createTestApp, TestApp } from '../support/test-app';

const HOST = 'changes.test';
const urls = new UrlBuilder(`http://${HOST}`);
const CHANGE_KEYS = ['id', 'unit', 'component', 'translation', 'user', 'author', 'timestamp', 'action', 'action_name', 'target', 'old', 'details', 'alert', 'url'];
const PO = 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n\nmsgid "Hello"\nmsgstr ""\n';

interface ChangeBody {
  id: number;
  action: number;
  [key: string]: unknown;
}

describe('changes', () => {
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  let repoUrl: string;
  const call = (method: Method, path: string, auth?: string) => apiCall(t, HOST, method, path, auth);
  const record = (change: ChangeRecord) => t.app.get(ChangesService).record(t.dataSource.manager, change);
  const lastChangeId = async (): Promise<number> => (await t.dataSource.query('SELECT max(id)::int AS id FROM changes'))[0].id;
  const list = async (path: string, auth?: string): Promise<ChangeBody[]> => (await call('get', path, auth).expect(200)).body.results;

  beforeAll(async () => {
    [t, git] = await Promise.all([
      // Component creation clones from the local git server over http, which the default policy refuses.
      createTestApp({ VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false' }),
      startGitHttpServer(),
    ]);
    admin = await createUser(t, { isSuperuser: true });
    repoUrl = await git.createBareRepo('app', { 'po/cs.po': PO });
  });

  afterAll(async () => {
    await t.close();
    await git.close();
  });

  /** A project and a component made through the API, as a client would. */
  async function createThroughApi(): Promise<{ projectSlug: string; componentSlug: string }> {
    const suffix = Math.random().toString(16).slice(2, 8);
    const projectSlug = `api-${suffix}`;
    await call('post', '/api/projects/', admin.auth).send({ name: `Api ${suffix}`, slug: projectSlug, web: 'https://example.org/' }).expect(201);
    await call('post', `/api/projects/${projectSlug}/components/`, admin.auth)
      .send({ name: 'App', slug: 'app', repo: repoUrl, filemask: 'po/*.po', file_format: 'po' })
      .expect(201);
    await t.drainTasks();
    return { projectSlug, componentSlug: 'app' };
  }

  it('logs project and component creation by the acting user, newest first', async () => {
    const { projectSlug, componentSlug } = await createThroughApi();
    const results = await list(`/api/changes/?user=${admin.user.username}&action=50&action=51`);
    const created = results.slice(0, 2);
    expect(created.map((change) => change.action)).toEqual([ChangeAction.CreateComponent, ChangeAction.CreateProject]);
    for (const change of created) expect(Object.keys(change).sort()).toEqual([...CHANGE_KEYS].sort());
    expect(created[0]).toMatchObject({
      action_name: 'Component created',
      component: urls.component(projectSlug, componentSlug),
      translation: null,
      unit: null,
      user: urls.user(admin.user.username),
      author: urls.user(admin.user.username),
      alert: null,
      url: urls.change(created[0].id),
      details: {},
      target: '',
      old: '',
    });
    expect(created[1]).toMatchObject({ action_name: 'Project created', component: null, translation: null, url: urls.change(created[1].id) });
    expect(new Date(created[0].timestamp as string).toISOString()).toBe(created[0].timestamp);

    const one = await call('get', new URL(created[1].url as string).pathname).expect(200);
    expect(one.body).toEqual(created[1]);
  });

  it('filters by user, by several actions and by a timestamp range', async () => {
    const before = new Date(Date.now() - 1000).toISOString();
    const project = await createProject(t);
    const other = await createUser(t);
    await record({ action: ChangeAction.Lock, projectId: project.id, userId: other.user.id });
    await record({ action: ChangeAction.Unlock, projectId: project.id, userId: other.user.id });
    await record({ action: ChangeAction.Commit, projectId: project.id, userId: admin.user.id });
    const projectChanges = `/api/projects/${project.slug}/changes/`;

    expect((await list(`${projectChanges}?user=${other.user.username}`)).map((c) => c.action)).toEqual([15, 14]);
    expect((await list(`${projectChanges}?action=14&action=17`)).map((c) => c.action)).toEqual([17, 14]);
    expect(await list(`${projectChanges}?user=nobody-at-all`)).toEqual([]);
    expect(await list(`/api/changes/?user=${other.user.username}&action=17`)).toEqual([]);
    expect(await list(`${projectChanges}?timestamp_after=${encodeURIComponent(before)}`)).toHaveLength(3);
    expect(await list(`${projectChanges}?timestamp_before=${encodeURIComponent(before)}`)).toEqual([]);
    expect(await list(`${projectChanges}?timestamp_after=2999-01-01T00:00:00%2B02:00`)).toEqual([]);
    expect(await list(`${projectChanges}?timestamp_after=2000-01-01&timestamp_before=2999-12-31T23:59:59Z`)).toHaveLength(3);
  });

  it('answers 400 naming the filter for a malformed timestamp or an unknown action', async () => {
    const bad = await call('get', '/api/changes/?timestamp_after=yesterday').expect(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ attr: 'timestamp' })]);
    await call('get', '/api/changes/?timestamp_before=2024-02-30T10:00:00Z').expect(400);
    const action = await call('get', '/api/changes/?action=10').expect(400);
    expect(action.body.errors).toEqual([expect.objectContaining({ attr: 'action', code: 'invalid_choice' })]);
    await call('get', '/api/changes/?action=two').expect(400);
  });

  it('hides changes of projects the caller cannot see, and site-wide ones from all but superusers', async () => {
    const hidden = await createProject(t, { accessControl: AccessControl.Private });
    await record({ action: ChangeAction.CreateProject, projectId: hidden.id, userId: admin.user.id });
    const privateId = await lastChangeId();
    await record({ action: ChangeAction.Announcement, details: { message: 'site-wide' } });
    const siteId = await lastChangeId();
    const viewer = await createUser(t);

    for (const auth of [undefined, viewer.auth]) {
      const ids = (await list('/api/changes/?page_size=1000', auth)).map((c) => c.id);
      expect(ids).not.toContain(privateId);
      expect(ids).not.toContain(siteId);
      await call('get', `/api/changes/${privateId}/`, auth).expect(404);
      await call('get', `/api/changes/${siteId}/`, auth).expect(404);
    }
    await call('get', `/api/projects/${hidden.slug}/changes/`).expect(404);
    const ids = (await list('/api/changes/?page_size=1000', admin.auth)).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([privateId, siteId]));
    await call('get', `/api/changes/${privateId}/`, admin.auth).expect(200);
  });

  it('answers 404 with a detail for an unknown change', async () => {
    const missing = await call('get', '/api/changes/999999999/').expect(404);
    expect(missing.body.detail).toEqual(expect.any(String));
    await call('get', '/api/changes/abc/').expect(404);
  });

  it('lists the changes of one component and one translation, with category paths encoded twice', async () => {
    const project = await createProject(t);
    const [{ id: docs }] = await t.dataSource.query(`INSERT INTO categories (name, slug, project_id) VALUES ('Docs', 'docs', $1) RETURNING id`, [project.id]);
    const component = await createComponent(t, project, { slug: 'usage', categoryId: docs });
    const sibling = await createComponent(t, project);
    const translation = await createTranslation(t, component, 'cs');
    await record({ action: ChangeAction.Change, translationId: translation.id, userId: admin.user.id, authorId: admin.user.id, target: 'Ahoj', old: '' });
    await record({ action: ChangeAction.Lock, componentId: sibling.id, userId: admin.user.id });

    const [edit] = await list(`/api/translations/${project.slug}/docs%252Fusage/cs/changes/`);
    expect(edit).toMatchObject({
      action: ChangeAction.Change,
      action_name: 'Translation changed',
      target: 'Ahoj',
      component: urls.component(project.slug, 'docs/usage'),
      translation: urls.translation(project.slug, 'docs/usage', 'cs'),
    });
    // Project, component and language come from the translation when the caller leaves them out.
    const [row] = await t.dataSource.query('SELECT project_id, component_id, language_id FROM changes WHERE id = $1', [edit.id]);
    expect(row).toEqual({ project_id: project.id, component_id: component.id, language_id: translation.languageId });

    expect((await list(`/api/components/${project.slug}/docs%252Fusage/changes/`)).map((c) => c.id)).toEqual([edit.id]);
    expect((await list(`/api/components/${project.slug}/${sibling.slug}/changes/`)).map((c) => c.action)).toEqual([ChangeAction.Lock]);
    expect(await list(`/api/projects/${project.slug}/changes/`)).toHaveLength(2);
  });

  it('logs lock and unlock only when the state changes, and a removed component on its project', async () => {
    const { projectSlug, componentSlug } = await createThroughApi();
    const lock = `/api/components/${projectSlug}/${componentSlug}/lock/`;
    await call('post', lock, admin.auth).send({ lock: true }).expect(200);
    await call('post', lock, admin.auth).send({ lock: true }).expect(200);
    await call('post', lock, admin.auth).send({ lock: false }).expect(200);
    const componentChanges = await list(`/api/components/${projectSlug}/${componentSlug}/changes/?action=14&action=15`);
    expect(componentChanges.map((c) => [c.action, c.action_name])).toEqual([[15, 'Component unlocked'], [14, 'Component locked']]);

    await call('delete', `/api/components/${projectSlug}/${componentSlug}/`, admin.auth).expect(204);
    const [removal, ...rest] = await list(`/api/projects/${projectSlug}/changes/`);
    expect(removal).toMatchObject({ action: ChangeAction.RemoveComponent, component: null, target: componentSlug, details: { component: 'App' } });
    // The component's own history went with it.
    expect(rest.map((c) => c.action)).toEqual([ChangeAction.CreateProject]);
  });

  it('records many changes in batches, in order', async () => {
    const project: Project = await createProject(t);
    const changes = Array.from({ length: 12_001 }, (_, i) => ({ action: ChangeAction.NewUnitUpload, projectId: project.id, target: `s${i}` }));
    await t.dataSource.transaction((manager) => t.app.get(ChangesService).recordMany(manager, changes));
    const page = await call('get', `/api/projects/${project.slug}/changes/?page_size=2`).expect(200);
    expect(page.body.count).toBe(12_001);
    expect(page.body.results.map((c: ChangeBody) => c.target)).toEqual(['s12000', 's11999']);
  });

  it("counts a user's translations, suggestions, uploads and comments from the log", async () => {
    const project = await createProject(t);
    const me = await createUser(t);
    const mine = { projectId: project.id, userId: me.user.id, authorId: me.user.id };
    await t.dataSource.transaction((manager) =>
      t.app.get(ChangesService).recordMany(manager, [
        { ...mine, action: ChangeAction.Change },
        { ...mine, action: ChangeAction.New },
        { ...mine, action: ChangeAction.Suggestion },
        { ...mine, action: ChangeAction.FileUpload },
        { ...mine, action: ChangeAction.Comment },
        { ...mine, action: ChangeAction.Comment },
        // Accepted by someone else: still the author's translation.
        { projectId: project.id, userId: admin.user.id, authorId: me.user.id, action: ChangeAction.Accept },
      ]),
    );
    const res = await call('get', `/api/users/${me.user.username}/statistics/`, me.auth).expect(200);
    expect(res.body).toMatchObject({ translated: 3, suggested: 1, uploaded: 1, commented: 2 });
  });
});
