import { Group } from '../../src/auth/group.entity';
import { LanguageSelection, ProjectSelection } from '../../src/auth/permissions.data';
import { UrlBuilder } from '../../src/core/urls/url-builder';
import { createGroup, grantPermissions } from '../factories/group.factory';
import { createRole } from '../factories/role.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const GROUP_KEYS = [
  'id', 'name', 'defining_project', 'project_selection', 'language_selection', 'url', 'roles', 'languages',
  'projects', 'componentlists', 'components', 'enforced_2fa', 'admins',
];
const HOST = 'groups.test';

describe('groups', () => {
  let t: TestApp;
  let superuser: UserWithToken;
  let plain: UserWithToken;
  let groupEditor: UserWithToken;
  const urls = new UrlBuilder(`http://${HOST}`);

  beforeAll(async () => {
    t = await createTestApp();
    superuser = await createUser(t, { isSuperuser: true });
    plain = await createUser(t);
    groupEditor = await createUser(t);
    await grantPermissions(t, groupEditor.user, ['group.edit']);
  });

  afterAll(() => t.close());

  const http = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, auth?: string) => {
    const req = t.http()[method](path).set('Host', HOST);
    return auth ? req.set('Authorization', auth) : req;
  };
  const findGroup = (id: number) => t.dataSource.getRepository(Group).findOne({ where: { id }, relations: { roles: true, languages: true, admins: true } });
  const memberIds = async (groupId: number) =>
    ((await t.dataSource.query('SELECT user_id FROM user_groups WHERE group_id = $1 ORDER BY user_id', [groupId])) as { user_id: number }[]).map((row) => row.user_id);

  describe('reading', () => {
    it('answers anonymous callers with 401', async () => {
      const group = await createGroup(t);
      await http('get', '/api/groups/').expect(401);
      await http('get', `/api/groups/${group.id}/`).expect(401);
    });

    it('serves a group with its roles, languages and admins as URLs', async () => {
      const role = await createRole(t);
      const admin = await createUser(t);
      const group = await createGroup(t, {
        roles: [role], languages: ['de', 'cs'], admins: [admin.user],
        projectSelection: ProjectSelection.AllPublic, languageSelection: LanguageSelection.AsDefined,
      });
      const res = await http('get', `/api/groups/${group.id}/`, superuser.auth).expect(200);
      expect(Object.keys(res.body)).toEqual(GROUP_KEYS);
      expect(res.body).toEqual({
        id: group.id,
        name: group.name,
        defining_project: null,
        project_selection: 3,
        language_selection: 0,
        url: urls.group(group.id),
        roles: [urls.role(role.id)],
        languages: [urls.language('cs'), urls.language('de')],
        projects: [],
        componentlists: [],
        components: [],
        enforced_2fa: false,
        admins: [urls.user(admin.user.username)],
      });
    });

    it('lists every group for a superuser and a holder of group.view, in id order', async () => {
      const viewer = await createUser(t);
      await grantPermissions(t, viewer.user, ['group.view']);
      const total = await t.dataSource.getRepository(Group).count();
      for (const caller of [superuser, viewer]) {
        const res = await http('get', '/api/groups/?page_size=1000', caller.auth).expect(200);
        expect(Object.keys(res.body)).toEqual(['count', 'next', 'previous', 'results']);
        expect(res.body.count).toBe(total);
        const ids = res.body.results.map((group: { id: number }) => group.id);
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      }
    });

    it('shows a plain user only the groups they are in or administer', async () => {
      const user = await createUser(t);
      const member = await createGroup(t, { members: [user.user] });
      const administered = await createGroup(t, { admins: [user.user] });
      const other = await createGroup(t);
      const res = await http('get', '/api/groups/', user.auth).expect(200);
      const names = res.body.results.map((group: { name: string }) => group.name).sort();
      expect(names).toEqual(['Users', 'Viewers', member.name, administered.name].sort());
      await http('get', `/api/groups/${administered.id}/`, user.auth).expect(200);
      await http('get', `/api/groups/${other.id}/`, user.auth).expect(404);
    });

    it('answers ids that cannot exist with 404', async () => {
      for (const id of ['abc', '0', '99999999999', '2147483647']) {
        await http('get', `/api/groups/${id}/`, superuser.auth).expect(404);
      }
    });
  });

  describe('writing', () => {
    it('refuses a plain user with 403 and an anonymous caller with 401', async () => {
      const group = await createGroup(t);
      const role = await createRole(t);
      await http('post', '/api/groups/', plain.auth).send({ name: 'Nope' }).expect(403);
      await http('patch', `/api/groups/${group.id}/`, plain.auth).send({ name: 'Nope' }).expect(403);
      await http('delete', `/api/groups/${group.id}/`, plain.auth).expect(403);
      await http('post', `/api/groups/${group.id}/roles/`, plain.auth).send({ role_id: role.id }).expect(403);
      await http('post', `/api/groups/${group.id}/admins/`, plain.auth).send({ user_id: plain.user.id }).expect(403);
      await http('post', '/api/groups/').send({ name: 'Nope' }).expect(401);
      expect(await findGroup(group.id)).toMatchObject({ name: group.name, roles: [], admins: [] });
    });

    it('does not let a team administrator edit the team itself', async () => {
      const admin = await createUser(t);
      const group = await createGroup(t, { admins: [admin.user] });
      await http('patch', `/api/groups/${group.id}/`, admin.auth).send({ name: 'Taken over' }).expect(403);
    });

    it('creates a group from a form body for a superuser', async () => {
      const res = await http('post', '/api/groups/', superuser.auth).type('form').send('name=Formed&project_selection=3&language_selection=1').expect(201);
      expect(Object.keys(res.body)).toEqual(GROUP_KEYS);
      expect(res.body).toMatchObject({ name: 'Formed', project_selection: 3, language_selection: 1, defining_project: null, url: urls.group(res.body.id), roles: [] });
      expect(await findGroup(res.body.id)).toMatchObject({ projectSelection: 3, languageSelection: 1, internal: false, definingProjectId: null });
    });

    it('lets a user holding group.edit through a group create, change and delete groups', async () => {
      const created = await http('post', '/api/groups/', groupEditor.auth).send({ name: 'By editor', defining_project: null }).expect(201);
      expect(created.body).toMatchObject({ project_selection: 0, language_selection: 0 });
      const patched = await http('patch', `/api/groups/${created.body.id}/`, groupEditor.auth).send({ language_selection: 1 }).expect(200);
      expect(patched.body).toMatchObject({ name: 'By editor', language_selection: 1 });
      await http('delete', `/api/groups/${created.body.id}/`, groupEditor.auth).expect(204);
      expect(await findGroup(created.body.id)).toBeNull();
    });

    it('rejects selections outside their choices on the field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ project_selection: 5 }, 'project_selection', '"5" is not a valid choice.'],
        [{ project_selection: 'abc' }, 'project_selection', '"abc" is not a valid choice.'],
        [{ language_selection: 2 }, 'language_selection', '"2" is not a valid choice.'],
      ];
      for (const [body, attr, detail] of cases) {
        const res = await http('post', '/api/groups/', superuser.auth).send({ name: 'Choices', ...body }).expect(400);
        expect(res.body.errors).toEqual([{ code: 'invalid_choice', detail, attr }]);
      }
    });

    it('rejects a missing, too long or duplicate name', async () => {
      const missing = await http('post', '/api/groups/', superuser.auth).send({ project_selection: 1 }).expect(400);
      expect(missing.body.errors).toEqual([{ code: 'required', detail: 'This field is required.', attr: 'name' }]);
      const long = await http('post', '/api/groups/', superuser.auth).send({ name: 'x'.repeat(151) }).expect(400);
      expect(long.body.errors).toEqual([{ code: 'max_length', detail: 'Ensure this field has no more than 150 characters.', attr: 'name' }]);
      const duplicate = await http('post', '/api/groups/', superuser.auth).send({ name: 'Users' }).expect(400);
      expect(duplicate.body.errors).toEqual([{ code: 'unique', detail: 'Group with this name already exists.', attr: 'name' }]);
    });

    it('refuses a defining project, since no project exists to define one', async () => {
      const res = await http('post', '/api/groups/', superuser.auth).send({ name: 'Per project', defining_project: urls.project('nope') }).expect(400);
      expect(res.body.errors).toEqual([{ code: 'does_not_exist', detail: 'Project not found.', attr: 'defining_project' }]);
      const blank = await http('post', '/api/groups/', superuser.auth).type('form').send('name=Blank+project&defining_project=').expect(201);
      expect(blank.body.defining_project).toBeNull();
    });

    it('requires the name on PUT and keeps the fields left out', async () => {
      const group = await createGroup(t, { projectSelection: ProjectSelection.AllProtected });
      const missing = await http('put', `/api/groups/${group.id}/`, superuser.auth).send({ project_selection: 1 }).expect(400);
      expect(missing.body.errors[0]).toMatchObject({ code: 'required', attr: 'name' });
      const res = await http('put', `/api/groups/${group.id}/`, superuser.auth).send({ name: `${group.name} 2` }).expect(200);
      expect(res.body).toMatchObject({ name: `${group.name} 2`, project_selection: 4 });
      const clash = await http('patch', `/api/groups/${group.id}/`, superuser.auth).send({ name: 'Viewers' }).expect(400);
      expect(clash.body.errors[0]).toMatchObject({ code: 'unique', attr: 'name' });
    });

    it('deletes an internal group and its memberships', async () => {
      const member = await createUser(t);
      const group = await createGroup(t, { members: [member.user] });
      await t.dataSource.getRepository(Group).update(group.id, { internal: true });
      await http('delete', `/api/groups/${group.id}/`, superuser.auth).expect(204);
      expect(await findGroup(group.id)).toBeNull();
      expect(await memberIds(group.id)).toEqual([]);
      await http('delete', `/api/groups/${group.id}/`, superuser.auth).expect(404);
    });
  });

  describe('links', () => {
    it('adds and removes roles', async () => {
      const group = await createGroup(t);
      const role = await createRole(t);
      const added = await http('post', `/api/groups/${group.id}/roles/`, groupEditor.auth).type('form').send(`role_id=${role.id}`).expect(200);
      expect(Object.keys(added.body)).toEqual(GROUP_KEYS);
      expect(added.body.roles).toEqual([urls.role(role.id)]);
      await http('post', `/api/groups/${group.id}/roles/`, groupEditor.auth).send({ role_id: role.id }).expect(200);
      expect((await findGroup(group.id))?.roles.map((r) => r.id)).toEqual([role.id]);
      await http('delete', `/api/groups/${group.id}/roles/${role.id}/`, groupEditor.auth).expect(204);
      expect((await findGroup(group.id))?.roles).toEqual([]);
      await http('delete', `/api/groups/${group.id}/roles/${role.id}/`, groupEditor.auth).expect(404);
      await http('delete', `/api/groups/${group.id}/roles/abc/`, groupEditor.auth).expect(404);
    });

    it('rejects a missing, malformed or unknown role_id on the field', async () => {
      const group = await createGroup(t);
      const cases: [Record<string, unknown>, string, string][] = [
        [{}, 'required', 'Missing role_id parameter'],
        [{ role_id: 'abc' }, 'invalid', 'A valid integer is required.'],
        [{ role_id: 2147483647 }, 'invalid', 'Role not found.'],
        [{ role_id: 99999999999 }, 'invalid', 'Role not found.'],
      ];
      for (const [body, code, detail] of cases) {
        const res = await http('post', `/api/groups/${group.id}/roles/`, superuser.auth).send(body).expect(400);
        expect(res.body.errors).toEqual([{ code, detail, attr: 'role_id' }]);
      }
    });

    it('adds and removes languages by code', async () => {
      const group = await createGroup(t, { languageSelection: LanguageSelection.AsDefined });
      const added = await http('post', `/api/groups/${group.id}/languages/`, superuser.auth).type('form').send('language_code=cs').expect(200);
      expect(added.body.languages).toEqual([urls.language('cs')]);
      const unknown = await http('post', `/api/groups/${group.id}/languages/`, superuser.auth).send({ language_code: 'xx-nope' }).expect(400);
      expect(unknown.body.errors).toEqual([{ code: 'invalid', detail: 'Language not found.', attr: 'language_code' }]);
      await http('delete', `/api/groups/${group.id}/languages/de/`, superuser.auth).expect(404);
      await http('delete', `/api/groups/${group.id}/languages/xx-nope/`, superuser.auth).expect(404);
      await http('delete', `/api/groups/${group.id}/languages/cs/`, superuser.auth).expect(204);
      expect((await findGroup(group.id))?.languages).toEqual([]);
    });

    it('makes a user a team administrator and member, and revokes administration only', async () => {
      const group = await createGroup(t);
      const user = await createUser(t);
      const added = await http('post', `/api/groups/${group.id}/admins/`, superuser.auth).type('form').send(`user_id=${user.user.id}`).expect(200);
      expect(added.body.admins).toEqual([urls.user(user.user.username)]);
      expect(await memberIds(group.id)).toEqual([user.user.id]);
      const unknown = await http('post', `/api/groups/${group.id}/admins/`, superuser.auth).send({ user_id: 2147483647 }).expect(400);
      expect(unknown.body.errors).toEqual([{ code: 'invalid', detail: 'User not found.', attr: 'user_id' }]);
      const revoked = await http('delete', `/api/groups/${group.id}/admins/${user.user.id}/`, superuser.auth).expect(200);
      expect(revoked.body).toMatchObject({ id: group.id, admins: [] });
      expect(await memberIds(group.id)).toEqual([user.user.id]);
      await http('delete', `/api/groups/${group.id}/admins/${user.user.id}/`, superuser.auth).expect(404);
    });

    it('answers links on a missing group with 404', async () => {
      const role = await createRole(t);
      await http('post', '/api/groups/2147483647/roles/', superuser.auth).send({ role_id: role.id }).expect(404);
      await http('delete', `/api/groups/abc/roles/${role.id}/`, superuser.auth).expect(404);
    });
  });

  describe('team membership', () => {
    const join = (username: string, groupId: number, auth: string) =>
      t.http().post(`/api/users/${username}/groups/`).set('Authorization', auth).send({ group_id: groupId });

    it('is managed by group and user managers everywhere and by team administrators in their own teams', async () => {
      const admin = await createUser(t);
      const userManager = await createUser(t);
      await grantPermissions(t, userManager.user, ['user.edit']);
      const team = await createGroup(t, { admins: [admin.user] });
      const otherTeam = await createGroup(t, { members: [admin.user] });
      const member = await createUser(t);

      await join(member.user.username, team.id, admin.auth).expect(200);
      await join(member.user.username, otherTeam.id, admin.auth).expect(403);
      await join(member.user.username, team.id, plain.auth).expect(403);
      await join(member.user.username, otherTeam.id, groupEditor.auth).expect(200);
      await join(member.user.username, otherTeam.id, userManager.auth).expect(200);
      await t.http().post(`/api/users/${member.user.username}/groups/`).send({ group_id: team.id }).expect(401);
      await t.http().delete(`/api/users/${member.user.username}/groups/`).set('Authorization', admin.auth).send({ group_id: team.id }).expect(200);
      const rows = await t.dataSource.query('SELECT group_id FROM user_groups WHERE user_id = $1 AND group_id = ANY($2::int[])', [member.user.id, [team.id, otherTeam.id]]);
      expect(rows).toEqual([{ group_id: otherTeam.id }]);
    });
  });
});
