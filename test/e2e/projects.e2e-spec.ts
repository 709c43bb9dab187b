import { UrlBuilder } from '../../src/core/urls/url-builder';
import { AccessControl } from '../../src/projects/project.entity';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createUser } from '../factories/user.factory';
import { apiCall, Method } from '../support/api-call';
import { createTestApp, TestApp } from '../support/test-app';

const HOST = 'projects.test';
const urls = new UrlBuilder(`http://${HOST}`);

describe('projects', () => {
  let t: TestApp;
  const call = (method: Method, path: string, auth?: string) => apiCall(t, HOST, method, path, auth);

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('creates a project for a superuser, with the links wlc follows', async () => {
    const admin = await createUser(t, { isSuperuser: true });
    const res = await call('post', '/api/projects/', admin.auth).send({ name: 'Hello World', slug: 'hello', web: 'https://hello.example/' }).expect(201);
    expect(res.body).toMatchObject({
      name: 'Hello World',
      slug: 'hello',
      web: 'https://hello.example/',
      url: urls.project('hello'),
      web_url: urls.projectWeb('hello'),
      components_list_url: urls.projectPart('hello', 'components'),
      repository_url: urls.projectPart('hello', 'repository'),
      statistics_url: urls.projectPart('hello', 'statistics'),
      changes_list_url: urls.projectPart('hello', 'changes'),
      languages_url: urls.projectPart('hello', 'languages'),
      access_control: 0,
      enable_hooks: true,
    });
    const teams = await t.dataSource.query('SELECT name FROM groups WHERE defining_project_id = $1 ORDER BY name', [res.body.id]);
    expect(teams.map((team: { name: string }) => team.name)).toEqual(expect.arrayContaining(['Administration', 'Translate', 'VCS']));
    expect(teams).toHaveLength(11);
  });

  it('accepts form-encoded creation and validates fields with attr', async () => {
    const admin = await createUser(t, { isSuperuser: true });
    await call('post', '/api/projects/', admin.auth).type('form').send('name=Form+Made&slug=form-made&access_control=100').expect(201);
    const bad = await call('post', '/api/projects/', admin.auth).send({ name: 'X', slug: 'not a slug', access_control: 7 }).expect(400);
    expect(bad.body.type).toBe('validation_error');
    expect(bad.body.errors.map((e: { attr: string }) => e.attr).sort()).toEqual(['access_control', 'slug']);
    const missing = await call('post', '/api/projects/', admin.auth).send({ slug: 'nameless' }).expect(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ attr: 'name', code: 'required' })]);
  });

  it('rejects a duplicate name or slug with 400 and leaves nothing behind', async () => {
    const admin = await createUser(t, { isSuperuser: true });
    const existing = await createProject(t);
    const before = await t.dataSource.query('SELECT count(*)::int AS n FROM groups');
    const res = await call('post', '/api/projects/', admin.auth).send({ name: existing.name.toUpperCase(), slug: existing.slug }).expect(400);
    expect(res.body.errors.map((e: { attr: string; code: string }) => `${e.attr}:${e.code}`).sort()).toEqual(['name:unique', 'slug:unique']);
    expect(await t.dataSource.query('SELECT count(*)::int AS n FROM groups')).toEqual(before);
  });

  it('lets users with project.add create projects and makes them its administrators', async () => {
    const creator = await createUser(t);
    await t.dataSource.query(
      `INSERT INTO user_groups (user_id, group_id) SELECT $1, id FROM groups WHERE name = 'Project creators' AND defining_project_id IS NULL`,
      [creator.user.id],
    );
    const res = await call('post', '/api/projects/', creator.auth).send({ name: 'Mine', slug: 'mine' }).expect(201);
    await call('patch', '/api/projects/mine/', creator.auth).send({ instructions: 'Be nice' }).expect(200);
    expect(res.body.slug).toBe('mine');
  });

  it('refuses creation to anonymous callers (401) and plain users (403)', async () => {
    await call('post', '/api/projects/').send({ name: 'A', slug: 'a' }).expect(401);
    const plain = await createUser(t);
    const res = await call('post', '/api/projects/', plain.auth).send({ name: 'A', slug: 'a' }).expect(403);
    expect(res.body.detail).toBeTruthy();
  });

  it('shows public and protected projects to everyone and private ones to their teams only', async () => {
    const open = await createProject(t, { accessControl: AccessControl.Public });
    const hidden = await createProject(t, { accessControl: AccessControl.Private });
    const member = await createUser(t);
    await joinProjectTeam(t, member.user.id, hidden, 'Translate');
    const outsider = await createUser(t);

    await call('get', `/api/projects/${open.slug}/`).expect(200);
    await call('get', `/api/projects/${hidden.slug}/`).expect(404);
    await call('get', `/api/projects/${hidden.slug}/`, outsider.auth).expect(404);
    await call('get', `/api/projects/${hidden.slug}/`, member.auth).expect(200);

    const slugs = async (auth?: string) =>
      (await call('get', '/api/projects/?page_size=1000', auth).expect(200)).body.results.map((p: { slug: string }) => p.slug);
    expect(await slugs()).toContain(open.slug);
    expect(await slugs()).not.toContain(hidden.slug);
    expect(await slugs(member.auth)).toContain(hidden.slug);
  });

  it('answers edits by a team member without project.edit with 403, and by outsiders of a private project with 404', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const translator = await createUser(t);
    await joinProjectTeam(t, translator.user.id, project, 'Translate');
    const outsider = await createUser(t);
    await call('patch', `/api/projects/${project.slug}/`, translator.auth).send({ web: 'https://x.example/' }).expect(403);
    await call('patch', `/api/projects/${project.slug}/`, outsider.auth).send({ web: 'https://x.example/' }).expect(404);
  });

  it('edits with PATCH and PUT, keeping the URL in step with a new slug', async () => {
    const project = await createProject(t);
    const manager = await createUser(t);
    await joinProjectTeam(t, manager.user.id, project, 'Administration');
    const patched = await call('patch', `/api/projects/${project.slug}/`, manager.auth).send({ translation_review: true, access_control: 1 }).expect(200);
    expect(patched.body).toMatchObject({ translation_review: true, access_control: 1 });
    await call('put', `/api/projects/${project.slug}/`, manager.auth).send({ web: 'https://only.example/' }).expect(400);
    const renamed = `${project.slug}-new`;
    const put = await call('put', `/api/projects/${project.slug}/`, manager.auth).send({ name: project.name, slug: renamed }).expect(200);
    expect(put.body.url).toBe(urls.project(renamed));
    await call('get', `/api/projects/${renamed}/`).expect(200);
  });

  it('deletes a project with its teams', async () => {
    const admin = await createUser(t, { isSuperuser: true });
    const project = await createProject(t);
    await call('delete', `/api/projects/${project.slug}/`, admin.auth).expect(204);
    await call('get', `/api/projects/${project.slug}/`).expect(404);
    expect(await t.dataSource.query('SELECT id FROM groups WHERE defining_project_id = $1', [project.id])).toEqual([]);
  });
});
