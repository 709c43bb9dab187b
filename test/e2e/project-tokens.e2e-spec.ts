import { UrlBuilder } from '../../src/core/urls/url-builder';
import { AccessControl } from '../../src/projects/project.entity';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createUser } from '../factories/user.factory';
import { apiCall, Method } from '../support/api-call';
import { createTestApp, TestApp } from '../support/test-app';

const HOST = 'tokens.test';
const urls = new UrlBuilder(`http://${HOST}`);

describe('project-scoped tokens', () => {
  let t: TestApp;
  const call = (method: Method, path: string, auth?: string) => apiCall(t, HOST, method, path, auth);
  const teamId = async (projectId: number, name: string) =>
    (await t.dataSource.query('SELECT id FROM groups WHERE defining_project_id = $1 AND name = $2', [projectId, name]))[0].id as number;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('creates a wlp_ key backed by a bot user, shown once, that opens its own private project only', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const other = await createProject(t, { accessControl: AccessControl.Public });
    const admin = await createUser(t);
    await joinProjectTeam(t, admin.user.id, project, 'Administration');
    const translate = await teamId(project.id, 'Translate');

    const res = await call('post', `/api/projects/${project.slug}/tokens/`, admin.auth).send({ name: 'CI sync', teams: [translate] }).expect(201);
    expect(res.body.token).toMatch(/^wlp_[A-Za-z0-9]{36}$/);
    expect(res.body).toMatchObject({ name: 'CI sync', user: urls.user(`bot-${project.slug}-ci-sync`), teams: [urls.group(translate)], expires: null });
    const bot = `Token ${res.body.token}`;

    await call('get', `/api/projects/${project.slug}/`, bot).expect(200);
    await call('get', `/api/projects/${other.slug}/`, bot).expect(404);
    const listed = await call('get', '/api/projects/', bot).expect(200);
    expect(listed.body.results.map((p: { slug: string }) => p.slug)).toEqual([project.slug]);
    await call('patch', `/api/projects/${project.slug}/`, bot).send({ instructions: 'no' }).expect(403);
    await call('post', '/api/projects/', bot).send({ name: 'Bot made', slug: 'bot-made' }).expect(403);

    const users = await t.dataSource.query('SELECT is_bot FROM users WHERE username = $1', [`bot-${project.slug}-ci-sync`]);
    expect(users).toEqual([{ is_bot: true }]);
  });

  it('gives keys whose names read alike bot users of their own (-2, …)', async () => {
    const project = await createProject(t);
    const admin = await createUser(t);
    await joinProjectTeam(t, admin.user.id, project, 'Administration');
    const create = async (name: string) => (await call('post', `/api/projects/${project.slug}/tokens/`, admin.auth).send({ name }).expect(201)).body.user;
    expect(await create('Sync')).toBe(urls.user(`bot-${project.slug}-sync`));
    expect(await create('Sync')).toBe(urls.user(`bot-${project.slug}-sync-2`));
    expect(await create('a_b')).toBe(urls.user(`bot-${project.slug}-a-b`));
    expect(await create('a%b')).toBe(urls.user(`bot-${project.slug}-a-b-2`));
  });

  it('lists keys without their secret and revokes one on delete', async () => {
    const project = await createProject(t);
    const admin = await createUser(t, { isSuperuser: true });
    const created = await call('post', `/api/projects/${project.slug}/tokens/`, admin.auth).send({ name: 'deploy' }).expect(201);
    const list = await call('get', `/api/projects/${project.slug}/tokens/`, admin.auth).expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].token).toBeUndefined();
    expect(list.body[0].token_prefix).toBe(created.body.token.slice(0, 8));

    await call('get', `/api/projects/${project.slug}/`, `Token ${created.body.token}`).expect(200);
    await call('delete', `/api/projects/${project.slug}/tokens/${created.body.id}/`, admin.auth).expect(204);
    await call('get', `/api/projects/${project.slug}/`, `Token ${created.body.token}`).expect(401);
    await call('delete', `/api/projects/${project.slug}/tokens/${created.body.id}/`, admin.auth).expect(404);
  });

  it('stops accepting a key after its expiry', async () => {
    const project = await createProject(t);
    const admin = await createUser(t, { isSuperuser: true });
    const res = await call('post', `/api/projects/${project.slug}/tokens/`, admin.auth).send({ name: 'short', expires: new Date(Date.now() + 60_000).toISOString() }).expect(201);
    await call('get', `/api/projects/${project.slug}/`, `Token ${res.body.token}`).expect(200);
    await t.dataSource.query("UPDATE api_tokens SET expires = now() - interval '1 second' WHERE key_prefix = $1", [res.body.token.slice(0, 8)]);
    const expired = await call('get', `/api/projects/${project.slug}/`, `Token ${res.body.token}`).expect(401);
    expect(expired.body.detail).toBe('Invalid token.');
  });

  it('rejects teams of another project, a past expiry and a missing name, creating nothing', async () => {
    const project = await createProject(t);
    const foreign = await createProject(t);
    const admin = await createUser(t, { isSuperuser: true });
    const path = `/api/projects/${project.slug}/tokens/`;
    const foreignTeam = await teamId(foreign.id, 'Translate');
    expect((await call('post', path, admin.auth).send({ name: 'x', teams: [foreignTeam] }).expect(400)).body.errors[0].attr).toBe('teams');
    expect((await call('post', path, admin.auth).send({ name: 'x', expires: '2001-01-01' }).expect(400)).body.errors[0].attr).toBe('expires');
    expect((await call('post', path, admin.auth).send({ teams: [] }).expect(400)).body.errors[0]).toMatchObject({ attr: 'name', code: 'required' });
    expect((await call('post', path, admin.auth).send({ name: 'x', teams: ['abc'] }).expect(400)).body.errors[0].attr).toBe('teams');
    expect(await t.dataSource.query('SELECT id FROM api_tokens WHERE project_id = $1', [project.id])).toEqual([]);
  });

  it('is managed only by those who manage project access', async () => {
    const project = await createProject(t);
    const translator = await createUser(t);
    await joinProjectTeam(t, translator.user.id, project, 'Translate');
    await call('get', `/api/projects/${project.slug}/tokens/`, translator.auth).expect(403);
    await call('post', `/api/projects/${project.slug}/tokens/`, translator.auth).send({ name: 'x' }).expect(403);
    await call('get', `/api/projects/${project.slug}/tokens/`).expect(401);
  });
});
