import { Group } from '../../src/auth/group.entity';
import { ProjectSelection } from '../../src/auth/permissions.data';
import { UrlBuilder } from '../../src/core/urls/url-builder';
import { AccessControl } from '../../src/projects/project.entity';
import { createComponentList } from '../factories/component-list.factory';
import { createComponent } from '../factories/component.factory';
import { createGroup } from '../factories/group.factory';
import { createProject } from '../factories/project.factory';
import { createRole } from '../factories/role.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const HOST = 'group-projects.test';

/** Groups linked to projects, components and component lists, and the project that defines a team. */
describe('group projects, components and component lists', () => {
  let t: TestApp;
  let superuser: UserWithToken;
  let plain: UserWithToken;
  /** Holds group.edit through a group that selects no project, so private projects stay hidden from it. */
  let editor: UserWithToken;
  const urls = new UrlBuilder(`http://${HOST}`);

  beforeAll(async () => {
    t = await createTestApp();
    superuser = await createUser(t, { isSuperuser: true });
    plain = await createUser(t);
    editor = await createUser(t);
    const role = await createRole(t, { permissions: ['group.edit'] });
    await createGroup(t, { roles: [role], projectSelection: ProjectSelection.AsDefined, members: [editor.user] });
  });

  afterAll(() => t.close());

  const http = (method: 'get' | 'post' | 'patch' | 'delete', path: string, auth?: string) => {
    const req = t.http()[method](path).set('Host', HOST);
    return auth ? req.set('Authorization', auth) : req;
  };
  const linked = async (table: string, column: string, groupId: number): Promise<number[]> =>
    ((await t.dataSource.query(`SELECT ${column} AS id FROM ${table} WHERE group_id = $1 ORDER BY 1`, [groupId])) as { id: number }[]).map((row) => row.id);

  describe('defining project', () => {
    it('accepts a project URL and answers with it', async () => {
      const project = await createProject(t);
      const created = await http('post', '/api/groups/', editor.auth).send({ name: 'Defined', defining_project: urls.project(project.slug) }).expect(201);
      expect(created.body.defining_project).toBe(urls.project(project.slug));
      expect(await t.dataSource.getRepository(Group).findOneBy({ id: created.body.id })).toMatchObject({ definingProjectId: project.id });
      const read = await http('get', `/api/groups/${created.body.id}/`, editor.auth).expect(200);
      expect(read.body.defining_project).toBe(urls.project(project.slug));
      const cleared = await http('patch', `/api/groups/${created.body.id}/`, editor.auth).send({ defining_project: null }).expect(200);
      expect(cleared.body.defining_project).toBeNull();
    });

    it('reports unknown, hidden and malformed project links as not found', async () => {
      const hidden = await createProject(t, { accessControl: AccessControl.Private });
      const links = [urls.project('no-such-project'), urls.project(hidden.slug), urls.role(1), `${urls.project(hidden.slug)}components/`, 'not a url'];
      for (const link of links) {
        const res = await http('post', '/api/groups/', editor.auth).send({ name: 'Nope', defining_project: link }).expect(400);
        expect(res.body.errors).toEqual([{ code: 'does_not_exist', detail: 'Project not found.', attr: 'defining_project' }]);
      }
      await http('post', '/api/groups/', superuser.auth).send({ name: 'Hidden defined', defining_project: urls.project(hidden.slug) }).expect(201);
    });
  });

  describe('links', () => {
    it('answers anonymous callers with 401 and plain users with 403', async () => {
      const group = await createGroup(t);
      const project = await createProject(t);
      const component = await createComponent(t, project);
      const list = await createComponentList(t);
      const writes: ['post' | 'delete', string, Record<string, unknown>][] = [
        ['post', 'projects/', { project_id: project.id }],
        ['delete', `projects/${project.id}/`, {}],
        ['post', 'components/', { component_id: component.id }],
        ['delete', `components/${component.id}/`, {}],
        ['post', 'componentlists/', { component_list_id: list.id }],
        ['delete', `componentlists/${list.id}/`, {}],
      ];
      for (const [method, path, body] of writes) {
        await http(method, `/api/groups/${group.id}/${path}`).send(body).expect(401);
        await http(method, `/api/groups/${group.id}/${path}`, plain.auth).send(body).expect(403);
      }
      expect(await linked('group_projects', 'project_id', group.id)).toEqual([]);
    });

    it('adds and removes projects by id', async () => {
      const group = await createGroup(t);
      const project = await createProject(t);
      const added = await http('post', `/api/groups/${group.id}/projects/`, editor.auth).type('form').send(`project_id=${project.id}`).expect(200);
      expect(added.body).toMatchObject({ id: group.id, projects: [urls.project(project.slug)] });
      await http('post', `/api/groups/${group.id}/projects/`, editor.auth).send({ project_id: project.id }).expect(200);
      expect((await http('get', `/api/groups/${group.id}/`, editor.auth).expect(200)).body.projects).toEqual([urls.project(project.slug)]);
      await http('delete', `/api/groups/${group.id}/projects/${project.id}/`, editor.auth).expect(204);
      expect(await linked('group_projects', 'project_id', group.id)).toEqual([]);
      await http('delete', `/api/groups/${group.id}/projects/${project.id}/`, editor.auth).expect(404);
      await http('delete', `/api/groups/${group.id}/projects/abc/`, editor.auth).expect(404);
    });

    it('adds and removes components by id, with their category paths in the URLs', async () => {
      const group = await createGroup(t);
      const project = await createProject(t);
      const [{ id: docs }] = await t.dataSource.query(`INSERT INTO categories (name, slug, project_id) VALUES ('Docs', 'docs', $1) RETURNING id`, [project.id]);
      const component = await createComponent(t, project, { slug: 'usage', name: 'Usage', categoryId: docs });
      const added = await http('post', `/api/groups/${group.id}/components/`, editor.auth).type('form').send(`component_id=${component.id}`).expect(200);
      expect(added.body.components).toEqual([urls.component(project.slug, 'docs/usage')]);
      expect(added.body.components[0]).toContain('docs%252Fusage');
      await http('delete', `/api/groups/${group.id}/components/${component.id}/`, editor.auth).expect(204);
      expect((await http('get', `/api/groups/${group.id}/`, editor.auth).expect(200)).body.components).toEqual([]);
      await http('delete', `/api/groups/${group.id}/components/${component.id}/`, editor.auth).expect(404);
    });

    it('adds and removes component lists by id', async () => {
      const group = await createGroup(t);
      const list = await createComponentList(t);
      const added = await http('post', `/api/groups/${group.id}/componentlists/`, editor.auth).type('form').send(`component_list_id=${list.id}`).expect(200);
      expect(added.body.componentlists).toEqual([urls.componentList(list.slug)]);
      await http('delete', `/api/groups/${group.id}/componentlists/${list.id}/`, editor.auth).expect(204);
      expect((await http('get', `/api/groups/${group.id}/`, editor.auth).expect(200)).body.componentlists).toEqual([]);
      await http('delete', `/api/groups/${group.id}/componentlists/${list.id}/`, editor.auth).expect(404);
    });

    it('rejects missing, malformed, unknown and hidden targets on the field', async () => {
      const group = await createGroup(t);
      const hidden = await createProject(t, { accessControl: AccessControl.Private });
      const hiddenComponent = await createComponent(t, hidden);
      const cases: [string, string, Record<string, unknown>, string, string][] = [
        ['projects', 'project_id', {}, 'required', 'Missing project_id parameter'],
        ['projects', 'project_id', { project_id: 'abc' }, 'invalid', 'A valid integer is required.'],
        ['projects', 'project_id', { project_id: 2147483647 }, 'invalid', 'Project not found.'],
        ['projects', 'project_id', { project_id: hidden.id }, 'invalid', 'Project not found.'],
        ['components', 'component_id', {}, 'required', 'Missing component_id parameter'],
        ['components', 'component_id', { component_id: '1.5' }, 'invalid', 'A valid integer is required.'],
        ['components', 'component_id', { component_id: 99999999999 }, 'invalid', 'Component not found.'],
        ['components', 'component_id', { component_id: hiddenComponent.id }, 'invalid', 'Component not found.'],
        ['componentlists', 'component_list_id', {}, 'required', 'Missing component_list_id parameter'],
        ['componentlists', 'component_list_id', { component_list_id: 'abc' }, 'invalid', 'A valid integer is required.'],
        ['componentlists', 'component_list_id', { component_list_id: 2147483647 }, 'invalid', 'Component list not found.'],
      ];
      for (const [path, attr, body, code, detail] of cases) {
        const res = await http('post', `/api/groups/${group.id}/${path}/`, editor.auth).send(body).expect(400);
        expect(res.body.errors).toEqual([{ code, detail, attr }]);
      }
      await http('post', `/api/groups/${group.id}/projects/`, superuser.auth).send({ project_id: hidden.id }).expect(200);
      await http('post', `/api/groups/${group.id}/components/`, superuser.auth).send({ component_id: hiddenComponent.id }).expect(200);
    });

    it('answers links on a missing group with 404', async () => {
      const project = await createProject(t);
      await http('post', '/api/groups/2147483647/projects/', superuser.auth).send({ project_id: project.id }).expect(404);
      await http('delete', `/api/groups/2147483647/projects/${project.id}/`, superuser.auth).expect(404);
      await http('post', '/api/groups/abc/componentlists/', superuser.auth).send({ component_list_id: 1 }).expect(404);
    });
  });

  describe('access through linked projects', () => {
    it('opens a private project to the members of a group it is added to', async () => {
      const member = await createUser(t);
      const project = await createProject(t, { accessControl: AccessControl.Private });
      const group = await createGroup(t, { projectSelection: ProjectSelection.AsDefined, members: [member.user] });
      await http('get', `/api/projects/${project.slug}/`, member.auth).expect(404);
      await http('post', `/api/groups/${group.id}/projects/`, superuser.auth).send({ project_id: project.id }).expect(200);
      await http('get', `/api/projects/${project.slug}/`, member.auth).expect(200);
    });
  });
});
