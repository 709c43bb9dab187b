import { Role } from '../../src/auth/role.entity';
import { UrlBuilder } from '../../src/core/urls/url-builder';
import { createGroup, grantPermissions } from '../factories/group.factory';
import { createRole } from '../factories/role.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const ROLE_KEYS = ['id', 'name', 'permissions', 'url'];
const HOST = 'roles.test';

describe('roles', () => {
  let t: TestApp;
  let superuser: UserWithToken;
  let plain: UserWithToken;
  let roleEditor: UserWithToken;
  const urls = new UrlBuilder(`http://${HOST}`);

  beforeAll(async () => {
    t = await createTestApp();
    superuser = await createUser(t, { isSuperuser: true });
    plain = await createUser(t);
    roleEditor = await createUser(t);
    await grantPermissions(t, roleEditor.user, ['role.edit']);
  });

  afterAll(() => t.close());

  const http = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, auth?: string) => {
    const req = t.http()[method](path).set('Host', HOST);
    return auth ? req.set('Authorization', auth) : req;
  };
  const findRole = (id: number) => t.dataSource.getRepository(Role).findOneBy({ id });

  describe('reading', () => {
    it('answers anonymous callers with 401', async () => {
      await http('get', '/api/roles/').expect(401);
      const role = await createRole(t);
      await http('get', `/api/roles/${role.id}/`).expect(401);
    });

    it('lists every role for a superuser, in id order, with the role fields', async () => {
      const res = await http('get', '/api/roles/?page_size=1000', superuser.auth).expect(200);
      expect(res.body.count).toBe(await t.dataSource.getRepository(Role).count());
      const ids = res.body.results.map((role: { id: number }) => role.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      const role = await createRole(t, { permissions: ['unit.edit', 'comment.add'] });
      const one = await http('get', `/api/roles/${role.id}/`, superuser.auth).expect(200);
      expect(Object.keys(one.body)).toEqual(ROLE_KEYS);
      expect(one.body).toEqual({ id: role.id, name: role.name, permissions: ['comment.add', 'unit.edit'], url: urls.role(role.id) });
    });

    it('shows a plain user only the roles of their own groups', async () => {
      const user = await createUser(t);
      const own = await createRole(t);
      await createGroup(t, { roles: [own], members: [user.user] });
      const other = await createRole(t);
      const res = await http('get', '/api/roles/', user.auth).expect(200);
      const names = res.body.results.map((role: { name: string }) => role.name).sort();
      // Power user comes from the default Users group every new account joins.
      expect(names).toEqual(['Power user', own.name].sort());
      await http('get', `/api/roles/${own.id}/`, user.auth).expect(200);
      await http('get', `/api/roles/${other.id}/`, user.auth).expect(404);
    });

    it('shows every role to a holder of role.view', async () => {
      const viewer = await createUser(t);
      await grantPermissions(t, viewer.user, ['role.view']);
      const hidden = await createRole(t);
      await http('get', `/api/roles/${hidden.id}/`, viewer.auth).expect(200);
      const res = await http('get', '/api/roles/', viewer.auth).expect(200);
      expect(res.body.count).toBe(await t.dataSource.getRepository(Role).count());
    });

    it('pages the list with working links', async () => {
      const res = await http('get', '/api/roles/?page_size=2', superuser.auth).expect(200);
      expect(Object.keys(res.body)).toEqual(['count', 'next', 'previous', 'results']);
      expect(res.body.results).toHaveLength(2);
      expect(res.body.next).toBe(`${urls.roles()}?page_size=2&page=2`);
    });

    it('answers ids that cannot exist with 404', async () => {
      for (const id of ['abc', '0', '-1', '99999999999', '2147483648']) {
        await http('get', `/api/roles/${id}/`, superuser.auth).expect(404);
      }
    });
  });

  describe('writing', () => {
    it('refuses a plain user with 403 and an anonymous caller with 401', async () => {
      const role = await createRole(t);
      await http('post', '/api/roles/', plain.auth).send({ name: 'Nope' }).expect(403);
      await http('patch', `/api/roles/${role.id}/`, plain.auth).send({ name: 'Nope' }).expect(403);
      await http('delete', `/api/roles/${role.id}/`, plain.auth).expect(403);
      await http('post', '/api/roles/').send({ name: 'Nope' }).expect(401);
      expect(await findRole(role.id)).toMatchObject({ name: role.name });
    });

    it('creates a role for a superuser', async () => {
      const res = await http('post', '/api/roles/', superuser.auth).send({ name: 'Created', permissions: ['vcs.push', 'unit.edit', 'vcs.push'] }).expect(201);
      expect(Object.keys(res.body)).toEqual(ROLE_KEYS);
      expect(res.body).toEqual({ id: expect.any(Number), name: 'Created', permissions: ['unit.edit', 'vcs.push'], url: urls.role(res.body.id) });
      expect(await findRole(res.body.id)).toMatchObject({ name: 'Created', permissions: ['unit.edit', 'vcs.push'] });
    });

    it('lets a user holding role.edit through a group create, change and delete roles', async () => {
      const created = await http('post', '/api/roles/', roleEditor.auth).send({ name: 'By editor' }).expect(201);
      expect(created.body.permissions).toEqual([]);
      await http('patch', `/api/roles/${created.body.id}/`, roleEditor.auth).send({ permissions: ['group.view'] }).expect(200);
      await http('delete', `/api/roles/${created.body.id}/`, roleEditor.auth).expect(204);
      expect(await findRole(created.body.id)).toBeNull();
    });

    it('accepts form bodies with one or repeated permissions fields', async () => {
      const one = await http('post', '/api/roles/', superuser.auth).type('form').send('name=Form+one&permissions=unit.edit').expect(201);
      expect(one.body.permissions).toEqual(['unit.edit']);
      const many = await http('post', '/api/roles/', superuser.auth).type('form').send('name=Form+many&permissions=unit.edit&permissions=unit.review').expect(201);
      expect(many.body.permissions).toEqual(['unit.edit', 'unit.review']);
    });

    it('rejects an unknown permission codename on the permissions field', async () => {
      const res = await http('post', '/api/roles/', superuser.auth).send({ name: 'Bad perms', permissions: ['unit.edit', 'unit.fly'] }).expect(400);
      expect(res.body.type).toBe('validation_error');
      expect(res.body.errors).toEqual([{ code: 'invalid_choice', detail: '"unit.fly" is not a valid choice.', attr: 'permissions' }]);
      const notList = await http('post', '/api/roles/', superuser.auth).send({ name: 'Bad perms', permissions: 5 }).expect(400);
      expect(notList.body.errors).toEqual([{ code: 'invalid', detail: 'Expected a list of items.', attr: 'permissions' }]);
    });

    it('rejects a missing, blank, too long or duplicate name', async () => {
      const missing = await http('post', '/api/roles/', superuser.auth).send({ permissions: [] }).expect(400);
      expect(missing.body.errors).toEqual([{ code: 'required', detail: 'This field is required.', attr: 'name' }]);
      const blank = await http('post', '/api/roles/', superuser.auth).send({ name: '   ' }).expect(400);
      expect(blank.body.errors).toEqual([{ code: 'blank', detail: 'This field may not be blank.', attr: 'name' }]);
      const long = await http('post', '/api/roles/', superuser.auth).send({ name: 'x'.repeat(201) }).expect(400);
      expect(long.body.errors[0]).toMatchObject({ code: 'max_length', attr: 'name' });
      const existing = await createRole(t);
      const duplicate = await http('post', '/api/roles/', superuser.auth).send({ name: existing.name }).expect(400);
      expect(duplicate.body.errors).toEqual([{ code: 'unique', detail: 'Role with this name already exists.', attr: 'name' }]);
    });

    it('patches only the fields sent and refuses a name another role has', async () => {
      const role = await createRole(t, { permissions: ['unit.edit'] });
      const other = await createRole(t);
      const renamed = await http('patch', `/api/roles/${role.id}/`, superuser.auth).send({ name: `${role.name} renamed` }).expect(200);
      expect(renamed.body).toMatchObject({ name: `${role.name} renamed`, permissions: ['unit.edit'] });
      const clash = await http('patch', `/api/roles/${role.id}/`, superuser.auth).send({ name: other.name }).expect(400);
      expect(clash.body.errors[0]).toMatchObject({ code: 'unique', attr: 'name' });
      const nulled = await http('patch', `/api/roles/${role.id}/`, superuser.auth).send({ name: null }).expect(400);
      expect(nulled.body.errors).toEqual([{ code: 'invalid', detail: 'Not a valid string.', attr: 'name' }]);
      expect(await findRole(role.id)).toMatchObject({ name: `${role.name} renamed`, permissions: ['unit.edit'] });
    });

    it('requires the name on PUT and keeps the permissions when they are left out', async () => {
      const role = await createRole(t, { permissions: ['unit.edit'] });
      const missing = await http('put', `/api/roles/${role.id}/`, superuser.auth).send({ permissions: [] }).expect(400);
      expect(missing.body.errors[0]).toMatchObject({ code: 'required', attr: 'name' });
      const same = await http('put', `/api/roles/${role.id}/`, superuser.auth).send({ name: role.name }).expect(200);
      expect(same.body.permissions).toEqual(['unit.edit']);
      const replaced = await http('put', `/api/roles/${role.id}/`, superuser.auth).send({ name: role.name, permissions: ['vcs.view'] }).expect(200);
      expect(replaced.body.permissions).toEqual(['vcs.view']);
    });

    it('deletes a role and takes it out of the groups that had it', async () => {
      const role = await createRole(t);
      const group = await createGroup(t, { roles: [role] });
      await http('delete', `/api/roles/${role.id}/`, superuser.auth).expect(204);
      expect(await findRole(role.id)).toBeNull();
      const links: unknown[] = await t.dataSource.query('SELECT 1 FROM group_roles WHERE group_id = $1', [group.id]);
      expect(links).toEqual([]);
      await http('delete', `/api/roles/${role.id}/`, superuser.auth).expect(404);
    });

    it('answers writes to a missing role with 404', async () => {
      await http('patch', '/api/roles/2147483647/', superuser.auth).send({ name: 'Ghost' }).expect(404);
      await http('put', '/api/roles/abc/', superuser.auth).send({ name: 'Ghost' }).expect(404);
    });
  });
});
