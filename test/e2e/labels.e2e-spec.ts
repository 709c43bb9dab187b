import { AccessControl } from '../../src/projects/project.entity';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

describe('project labels', () => {
  let t: TestApp;
  let admin: UserWithToken;
  const call = (method: 'get' | 'post' | 'delete', path: string, auth?: string) => {
    const req = t.http()[method](path);
    return auth ? req.set('Authorization', auth) : req;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  it('creates, lists and deletes labels', async () => {
    const project = await createProject(t);
    const base = `/api/projects/${project.slug}/labels/`;
    const bug = await call('post', base, admin.auth).send({ name: 'Bug', color: 'red', description: 'Broken strings' }).expect(201);
    expect(bug.body).toEqual({ id: expect.any(Number), name: 'Bug', description: 'Broken strings', color: 'red' });
    const ui = await call('post', base, admin.auth).type('form').send({ name: 'UI', color: 'navy' }).expect(201);
    expect(ui.body).toEqual({ id: expect.any(Number), name: 'UI', description: '', color: 'navy' });

    const listed = await call('get', base).expect(200);
    expect(listed.body).toEqual({ count: 2, next: null, previous: null, results: [bug.body, ui.body] });
    const paged = await call('get', `${base}?page_size=1`).expect(200);
    expect(paged.body.results).toEqual([bug.body]);
    expect(paged.body.next).toContain('page=2');

    await call('delete', `${base}${bug.body.id}/`, admin.auth).expect(204);
    expect((await call('get', base).expect(200)).body.results).toEqual([ui.body]);
    await call('delete', `${base}${bug.body.id}/`, admin.auth).expect(404);
  });

  it('validates the name and the color', async () => {
    const project = await createProject(t);
    const base = `/api/projects/${project.slug}/labels/`;
    const badColor = await call('post', base, admin.auth).send({ name: 'Bug', color: 'pink' }).expect(400);
    expect(badColor.body.errors).toEqual([{ code: 'invalid_choice', detail: '"pink" is not a valid choice.', attr: 'color' }]);
    const missing = await call('post', base, admin.auth).send({}).expect(400);
    expect(missing.body.errors.map((e: { attr: string; code: string }) => [e.attr, e.code]).sort()).toEqual([['color', 'required'], ['name', 'required']]);
    const long = await call('post', base, admin.auth).send({ name: 'x'.repeat(191), color: 'red' }).expect(400);
    expect(long.body.errors[0]).toMatchObject({ attr: 'name', code: 'max_length' });

    await call('post', base, admin.auth).send({ name: 'Bug', color: 'red' }).expect(201);
    const duplicate = await call('post', base, admin.auth).send({ name: 'Bug', color: 'blue' }).expect(400);
    expect(duplicate.body.errors).toEqual([{ code: 'unique', detail: expect.any(String), attr: 'name' }]);
    // The same name in another project is fine.
    await call('post', `/api/projects/${(await createProject(t)).slug}/labels/`, admin.auth).send({ name: 'Bug', color: 'red' }).expect(201);
  });

  it('creates concurrent duplicates once, answering 400 to the others', async () => {
    const project = await createProject(t);
    const base = `/api/projects/${project.slug}/labels/`;
    const results = await Promise.all([1, 2, 3].map(() => call('post', base, admin.auth).send({ name: 'Race', color: 'red' })));
    expect(results.map((res) => res.status).sort()).toEqual([201, 400, 400]);
  });

  it('answers 404 for another project\'s label and for ids that are not numbers', async () => {
    const [project, other] = [await createProject(t), await createProject(t)];
    const foreign = await call('post', `/api/projects/${other.slug}/labels/`, admin.auth).send({ name: 'Bug', color: 'red' }).expect(201);
    await call('delete', `/api/projects/${project.slug}/labels/${foreign.body.id}/`, admin.auth).expect(404);
    await call('delete', `/api/projects/${project.slug}/labels/abc/`, admin.auth).expect(404);
    await call('delete', `/api/projects/${project.slug}/labels/99999999999999/`, admin.auth).expect(404);
    expect((await call('get', `/api/projects/${other.slug}/labels/`).expect(200)).body.count).toBe(1);
  });

  it('lets project administrators write, translators and anonymous callers only read', async () => {
    const project = await createProject(t);
    const base = `/api/projects/${project.slug}/labels/`;
    const translator = await createUser(t);
    await joinProjectTeam(t, translator.user.id, project, 'Translate');
    const manager = await createUser(t);
    await joinProjectTeam(t, manager.user.id, project, 'Administration');

    await call('post', base).send({ name: 'Bug', color: 'red' }).expect(401);
    await call('post', base, translator.auth).send({ name: 'Bug', color: 'red' }).expect(403);
    const label = await call('post', base, manager.auth).send({ name: 'Bug', color: 'red' }).expect(201);
    await call('get', base).expect(200);
    await call('get', base, translator.auth).expect(200);
    await call('delete', `${base}${label.body.id}/`).expect(401);
    await call('delete', `${base}${label.body.id}/`, translator.auth).expect(403);
    await call('delete', `${base}${label.body.id}/`, manager.auth).expect(204);
  });

  it('hides the labels of a private project from outsiders and deletes them with the project', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const base = `/api/projects/${project.slug}/labels/`;
    await call('post', base, admin.auth).send({ name: 'Bug', color: 'red' }).expect(201);
    await call('get', base).expect(404);
    await call('get', base, (await createUser(t)).auth).expect(404);
    await call('delete', `/api/projects/${project.slug}/`, admin.auth).expect(204);
    expect(await t.dataSource.query('SELECT 1 FROM labels WHERE project_id = $1', [project.id])).toEqual([]);
  });
});
