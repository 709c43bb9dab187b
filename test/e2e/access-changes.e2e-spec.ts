import { ProjectSelection } from '../../src/auth/permissions.data';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { createComponentList } from '../factories/component-list.factory';
import { createComponent } from '../factories/component.factory';
import { createGroup } from '../factories/group.factory';
import { createProject } from '../factories/project.factory';
import { createRole } from '../factories/role.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Each process keeps users' grants between requests; a change to access, however it is written (the API, or SQL
 * as another replica's or a person's), is seen by the very next request. Every case asks first, so the grants are
 * kept, then changes access, then asks again.
 */
describe('access changes take effect at once', () => {
  let t: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  const get = (path: string, auth: string) => t.http().get(path).set('Authorization', auth);
  const patchProject = (project: Project, auth: string) => t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', auth).send({ instructions: 'x' });

  /** A member of a group selecting the private project given, with a role holding project.edit. */
  async function member(project: Project) {
    const user = await createUser(t);
    const role = await createRole(t, { permissions: ['project.edit'] });
    const group = await createGroup(t, { roles: [role], projectSelection: ProjectSelection.AsDefined, members: [user.user] });
    await t.dataSource.query('INSERT INTO group_projects (group_id, project_id) VALUES ($1, $2)', [group.id, project.id]);
    return { user, role, group };
  }

  it('hides a private project from a user the API removed from its group', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const { user, group } = await member(project);
    await get(`/api/projects/${project.slug}/`, user.auth).expect(200);
    await get(`/api/projects/${project.slug}/`, user.auth).expect(200);
    await t.http().delete(`/api/users/${user.user.username}/groups/`).set('Authorization', admin.auth).send({ group_id: group.id }).expect(200);
    await get(`/api/projects/${project.slug}/`, user.auth).expect(404);
  });

  it('refuses a permission taken from the role in the database', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const { user, role } = await member(project);
    await patchProject(project, user.auth).expect(200);
    await t.dataSource.query(`UPDATE roles SET permissions = '{}' WHERE id = $1`, [role.id]);
    await patchProject(project, user.auth).expect(403);
  });

  it('grants a permission given in the database', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const user = await createUser(t);
    await get(`/api/projects/${project.slug}/`, user.auth).expect(404);
    const { group } = await member(project);
    await t.dataSource.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)', [user.user.id, group.id]);
    await get(`/api/projects/${project.slug}/`, user.auth).expect(200);
  });

  it('hides the components of a list a group selects once its rule no longer matches a renamed component', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const component = await createComponent(t, project, { slug: 'listed-by-rule' });
    const list = await createComponentList(t, { rules: [{ projectMatch: project.slug, componentMatch: 'listed-' }] });
    const user = await createUser(t);
    const group = await createGroup(t, { projectSelection: ProjectSelection.ComponentLists, members: [user.user] });
    await t.dataSource.query('INSERT INTO group_component_lists (group_id, list_id) VALUES ($1, $2)', [group.id, list.id]);
    await get(`/api/components/${project.slug}/listed-by-rule/`, user.auth).expect(200);
    await t.dataSource.query(`UPDATE components SET slug = 'renamed' WHERE id = $1`, [component.id]);
    await get(`/api/components/${project.slug}/renamed/`, user.auth).expect(404);
  });

  it('refuses a key replaced by a new one, and a user made inactive', async () => {
    const user = await createUser(t);
    await get('/api/users/', user.auth).expect(200);
    const rotated = await t.http().post(`/api/users/${user.user.username}/token/`).set('Authorization', user.auth).expect(200);
    await get('/api/users/', user.auth).expect(401);
    const fresh = `Token ${rotated.body.token as string}`;
    await get('/api/users/', fresh).expect(200);
    await t.dataSource.query('UPDATE users SET is_active = false WHERE id = $1', [user.user.id]);
    await get('/api/users/', fresh).expect(401);
  });
});
