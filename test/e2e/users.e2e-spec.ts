import { randomBytes } from 'node:crypto';
import { ChangeAction } from '../../src/changes/change-actions';
import { ChangesService } from '../../src/changes/changes.service';
import { UrlBuilder } from '../../src/core/urls/url-builder';
import { AuthenticationService } from '../../src/users/authentication.service';
import { User } from '../../src/users/user.entity';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const HOST = 'users.test';
const USER_KEYS = [
  'id', 'email', 'full_name', 'username', 'groups', 'profile', 'notifications', 'is_superuser', 'is_active', 'is_bot',
  'date_joined', 'date_expires', 'last_login', 'url', 'statistics_url', 'contributions_url',
];

describe('users', () => {
  let t: TestApp;
  let admin: UserWithToken;
  let manager: UserWithToken;
  let viewer: UserWithToken;
  const urls = new UrlBuilder(`http://${HOST}`);

  type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
  const call = (method: Method, path: string, auth?: string) => {
    const request = t.http()[method](path).set('Host', HOST);
    return auth ? request.set('Authorization', auth) : request;
  };
  const path = (url: string) => new URL(url).pathname;
  const unique = () => randomBytes(4).toString('hex');

  /** A role with these permissions in a new group the user joins; the group covers the given languages, or all. */
  async function grant(user: User, permissions: string[], languageCodes?: string[]): Promise<number> {
    const [role] = await t.dataSource.query('INSERT INTO roles (name, permissions) VALUES ($1, $2) RETURNING id', [`role-${unique()}`, permissions]);
    const [group] = await t.dataSource.query(
      'INSERT INTO groups (name, project_selection, language_selection) VALUES ($1, 1, $2) RETURNING id',
      [`group-${unique()}`, languageCodes ? 0 : 1],
    );
    await t.dataSource.query('INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2)', [group.id, role.id]);
    await t.dataSource.query('INSERT INTO group_languages (group_id, language_id) SELECT $1, id FROM languages WHERE code = ANY($2)', [group.id, languageCodes ?? []]);
    await t.dataSource.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2)', [user.id, group.id]);
    return group.id;
  }

  const groupIdsOf = async (userId: number): Promise<number[]> =>
    (await t.dataSource.query('SELECT group_id FROM user_groups WHERE user_id = $1 ORDER BY group_id', [userId])).map((row: { group_id: number }) => row.group_id);

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
    manager = await createUser(t);
    await grant(manager.user, ['user.edit']);
    viewer = await createUser(t);
    await grant(viewer.user, ['user.view']);
  });

  afterAll(() => t.close());

  describe('reading', () => {
    it('serves the full record of the caller with absolute URLs', async () => {
      const me = await createUser(t);
      const res = await call('get', `/api/users/${me.user.username}/`, me.auth).expect(200);
      expect(Object.keys(res.body)).toEqual(USER_KEYS);
      expect(res.body).toMatchObject({
        id: me.user.id, username: me.user.username, full_name: me.user.fullName, email: me.user.email,
        groups: (await groupIdsOf(me.user.id)).map((id) => urls.group(id)), notifications: urls.userNotifications(me.user.username),
        is_superuser: false, is_active: true, is_bot: false, date_expires: null, last_login: null,
        url: urls.user(me.user.username), statistics_url: urls.userStatistics(me.user.username),
        contributions_url: urls.userContributions(me.user.username),
      });
      expect(res.body.groups).toHaveLength(2);
      expect(new Date(res.body.date_joined).getTime()).toBe(me.user.dateJoined.getTime());
    });

    it("shows someone else's record with the basic fields only without user.view, and 404 for unknown users", async () => {
      const me = await createUser(t);
      const basic = { id: admin.user.id, full_name: admin.user.fullName, username: admin.user.username };
      expect((await call('get', `/api/users/${admin.user.username}/`, me.auth).expect(200)).body).toEqual(basic);
      await call('get', '/api/users/nobody-here/', admin.auth).expect(404);
    });

    // Weblate's UserAPITest.test_get_anonymous: the anonymous user list is empty, and so is what it may look up.
    it('shows no account to an anonymous caller: an existing user is 404 like an unknown one', async () => {
      const res = await call('get', `/api/users/${admin.user.username}/`).expect(404);
      expect(res.body.detail).toBe('Not found.');
      await call('get', `/api/users/${admin.user.username}/statistics/`).expect(404);
      await call('get', '/api/users/anonymous/').expect(404);
    });

    it('lists only the caller without user.view, with the basic fields (no e-mail)', async () => {
      const me = await createUser(t);
      const listed = await call('get', '/api/users/', me.auth).expect(200);
      expect(listed.body.results).toEqual([{ id: me.user.id, full_name: me.user.fullName, username: me.user.username }]);
    });

    it('shows any record to holders of user.view', async () => {
      const res = await call('get', `/api/users/${admin.user.username}/`, viewer.auth).expect(200);
      expect(res.body.is_superuser).toBe(true);
    });

    it('lists every account but the anonymous user, ordered by id, for user.view holders', async () => {
      const res = await call('get', '/api/users/?page_size=1000', viewer.auth).expect(200);
      expect(Object.keys(res.body)).toEqual(['count', 'next', 'previous', 'results']);
      const ids = res.body.results.map((user: { id: number }) => user.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids).toEqual(expect.arrayContaining([admin.user.id, manager.user.id, viewer.user.id]));
      expect(res.body.results.map((user: { username: string }) => user.username)).not.toContain('anonymous');
      expect(Object.keys(res.body.results[0])).toEqual(USER_KEYS);
    });

    it('lists only the caller to a plain user, and nobody to an anonymous caller', async () => {
      const me = await createUser(t);
      const own = await call('get', '/api/users/', me.auth).expect(200);
      expect(own.body.results.map((user: { id: number }) => user.id)).toEqual([me.user.id]);
      expect((await call('get', `/api/users/?username=${admin.user.username}`, me.auth).expect(200)).body.count).toBe(0);
      expect((await call('get', '/api/users/').expect(200)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('filters by username and id, and refuses an id that is not a number', async () => {
      const byName = await call('get', `/api/users/?username=${manager.user.username}`, admin.auth).expect(200);
      expect(byName.body.results.map((user: { id: number }) => user.id)).toEqual([manager.user.id]);
      const byId = await call('get', `/api/users/?id=${viewer.user.id}`, admin.auth).expect(200);
      expect(byId.body.results.map((user: { username: string }) => user.username)).toEqual([viewer.user.username]);
      const bad = await call('get', '/api/users/?id=abc', admin.auth).expect(400);
      expect(bad.body.errors).toEqual([{ code: 'invalid', detail: 'Enter a number.', attr: 'id' }]);
    });
  });

  describe('creating and editing', () => {
    it('creates a user in the default groups from a form body', async () => {
      const username = `new.${unique()}@x`;
      const res = await call('post', '/api/users/', manager.auth)
        .type('form')
        .send({ username, full_name: 'New Person', email: `${username}.org`, is_bot: '1', is_active: 'false' })
        .expect(201);
      expect(Object.keys(res.body)).toEqual(USER_KEYS);
      expect(res.body).toMatchObject({ username, full_name: 'New Person', is_bot: true, is_active: false, is_superuser: false, url: urls.user(username) });
      const defaults = await t.dataSource.query("SELECT id FROM groups WHERE name IN ('Users', 'Viewers') AND defining_project_id IS NULL ORDER BY id");
      expect(res.body.groups).toEqual(defaults.map((group: { id: number }) => urls.group(group.id)));
    });

    it('refuses user creation to callers without user.edit', async () => {
      const body = { username: `x${unique()}`, full_name: 'X' };
      await call('post', '/api/users/', viewer.auth).send(body).expect(403);
      await call('post', '/api/users/').send(body).expect(401);
    });

    it('lets only superusers create superusers', async () => {
      const body = { username: `su${unique()}`, full_name: 'Root', is_superuser: true };
      expect((await call('post', '/api/users/', manager.auth).send(body).expect(403)).body.detail).toBe('Only superusers can create superusers.');
      expect((await call('post', '/api/users/', admin.auth).send(body).expect(201)).body.is_superuser).toBe(true);
    });

    it.each([
      [{ full_name: 'No Name' }, 'username', 'required'],
      [{ username: 'has space', full_name: 'X' }, 'username', 'invalid'],
      [{ username: 'ok', full_name: '' }, 'full_name', 'blank'],
      [{ username: 'ok', full_name: 'X', email: 'not-an-address' }, 'email', 'invalid'],
      [{ username: 'ok', full_name: 'X', is_active: 'maybe' }, 'is_active', 'invalid'],
      [{ username: 'ok', full_name: 'X', email: null }, 'email', 'null'], // DRF: "This field may not be null."
    ])('answers %j with 400 on %s', async (body, attr, code) => {
      const res = await call('post', '/api/users/', admin.auth).send(body).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ attr, code })]);
    });

    it('refuses a taken username and a taken email whatever its case', async () => {
      const taken = await call('post', '/api/users/', admin.auth).send({ username: manager.user.username, full_name: 'Copy' }).expect(400);
      expect(taken.body.errors).toEqual([expect.objectContaining({ attr: 'username', code: 'unique' })]);
      const email = await call('post', '/api/users/', admin.auth).send({ username: `u${unique()}`, full_name: 'Copy', email: manager.user.email.toUpperCase() });
      expect(email.status).toBe(400);
      expect(email.body.errors).toEqual([expect.objectContaining({ attr: 'email', code: 'unique' })]);
    });

    it('answers a body that is not an object with 400', async () => {
      await call('post', '/api/users/', admin.auth).set('Content-Type', 'application/json').send('[1, 2]').expect(400);
      await call('post', '/api/users/', admin.auth).set('Content-Type', 'application/json').send('"text"').expect(400);
    });

    it('renames with PATCH, after which the record lives at the new URL', async () => {
      const target = await createUser(t);
      const renamed = `renamed_${unique()}`;
      const res = await call('patch', `/api/users/${target.user.username}/`, manager.auth).send({ username: renamed, is_bot: 'true' }).expect(200);
      expect(res.body).toMatchObject({ username: renamed, full_name: target.user.fullName, is_bot: true, url: urls.user(renamed) });
      await call('get', path(res.body.url), manager.auth).expect(200);
      await call('get', `/api/users/${target.user.username}/`, manager.auth).expect(404);
    });

    it('replaces with PUT, which requires username and full_name', async () => {
      const target = await createUser(t);
      const missing = await call('put', `/api/users/${target.user.username}/`, manager.auth).send({ email: '' }).expect(400);
      expect(missing.body.errors.map((error: { attr: string }) => error.attr).sort()).toEqual(['full_name', 'username']);
      const res = await call('put', `/api/users/${target.user.username}/`, manager.auth)
        .send({ username: target.user.username, full_name: 'Replaced', email: '' })
        .expect(200);
      expect(res.body).toMatchObject({ full_name: 'Replaced', email: '' });
      await call('patch', `/api/users/${target.user.username}/`, manager.auth).send({ full_name: null }).expect(400);
    });

    it('keeps superuser accounts and status for superusers to change', async () => {
      const target = await createUser(t);
      const grantRes = await call('patch', `/api/users/${target.user.username}/`, manager.auth).send({ is_superuser: true }).expect(403);
      expect(grantRes.body.detail).toBe('Only superusers can grant or revoke superuser status.');
      await call('patch', `/api/users/${admin.user.username}/`, manager.auth).send({ full_name: 'Hijacked' }).expect(403);
      await call('delete', `/api/users/${admin.user.username}/`, manager.auth).expect(403);
    });
  });

  describe('deleting', () => {
    it('erases personal data, key, memberships and subscriptions, and keeps an inactive row', async () => {
      const target = await createUser(t);
      await t.dataSource.query("UPDATE users SET password_hash = 'scrypt$x$y' WHERE id = $1", [target.user.id]);
      await call('post', `/api/users/${target.user.username}/notifications/`, target.auth).send({ notification: 'LockNotification', scope: 0, frequency: 1 }).expect(201);
      await call('delete', `/api/users/${target.user.username}/`, manager.auth).expect(204);

      const [row] = await t.dataSource.query('SELECT * FROM users WHERE id = $1', [target.user.id]);
      expect(row).toMatchObject({ username: `deleted-${target.user.id}`, full_name: 'Deleted User', email: '', password_hash: null, is_active: false });
      for (const table of ['api_tokens', 'user_groups', 'notification_subscriptions']) {
        expect(await t.dataSource.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [target.user.id])).toEqual([]);
      }
      await call('get', '/api/users/', target.auth).expect(401);
    });

    it('refuses deleting the anonymous user, and needs user.edit', async () => {
      const res = await call('delete', '/api/users/anonymous/', admin.auth).expect(400);
      expect(res.body.errors[0].code).toBe('built-in-user');
      await call('delete', `/api/users/${manager.user.username}/`, viewer.auth).expect(403);
      await call('delete', '/api/users/nobody-here/', admin.auth).expect(404);
    });

    it('never removes or demotes the last active superuser', async () => {
      const root = await createUser(t, { isSuperuser: true });
      const others: { id: number }[] = await t.dataSource.query('SELECT id FROM users WHERE is_superuser AND id <> $1', [root.user.id]);
      await t.dataSource.query('UPDATE users SET is_superuser = false WHERE id = ANY($1)', [others.map((other) => other.id)]);
      try {
        expect((await call('delete', `/api/users/${root.user.username}/`, root.auth).expect(400)).body.errors[0].code).toBe('last-superuser');
        await call('patch', `/api/users/${root.user.username}/`, root.auth).send({ is_active: false }).expect(400);
        await call('patch', `/api/users/${root.user.username}/`, root.auth).send({ is_superuser: 'false' }).expect(400);
        const second = await createUser(t, { isSuperuser: true });
        await call('delete', `/api/users/${root.user.username}/`, second.auth).expect(204);
      } finally {
        await t.dataSource.query('UPDATE users SET is_superuser = true WHERE id = ANY($1)', [others.map((other) => other.id)]);
      }
    });
  });

  describe('group membership', () => {
    it('adds a group from a form body and removes it with a JSON body', async () => {
      const target = await createUser(t);
      const [group] = await t.dataSource.query("INSERT INTO groups (name) VALUES ($1) RETURNING id", [`g-${unique()}`]);
      const added = await call('post', `/api/users/${target.user.username}/groups/`, manager.auth).type('form').send({ group_id: String(group.id) }).expect(200);
      expect(added.body.groups).toContain(urls.group(group.id));
      const removed = await call('delete', `/api/users/${target.user.username}/groups/`, manager.auth).send({ group_id: group.id }).expect(200);
      expect(removed.body.groups).not.toContain(urls.group(group.id));
      expect(await groupIdsOf(target.user.id)).not.toContain(group.id);
    });

    it.each([
      [{ group_id: 999999 }, 'does_not_exist'],
      [{ group_id: 'abc' }, 'invalid'],
      [{}, 'required'],
    ])('answers %j with 400 on group_id', async (body, code) => {
      const res = await call('post', `/api/users/${viewer.user.username}/groups/`, admin.auth).send(body).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ attr: 'group_id', code })]);
    });

    it('needs user.edit', async () => {
      await call('post', `/api/users/${viewer.user.username}/groups/`, viewer.auth).send({ group_id: 1 }).expect(403);
    });
  });

  describe('statistics', () => {
    it('counts the languages the user can translate, with no activity recorded yet', async () => {
      const me = await createUser(t);
      const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM languages');
      const res = await call('get', `/api/users/${me.user.username}/statistics/`, me.auth).expect(200);
      expect(res.body).toEqual({ translated: 0, suggested: 0, uploaded: 0, commented: 0, languages: count });
    });

    it('counts only the languages of translating groups when none covers all languages', async () => {
      const me = await createUser(t);
      await t.dataSource.query('DELETE FROM user_groups WHERE user_id = $1', [me.user.id]);
      expect((await call('get', `/api/users/${me.user.username}/statistics/`, me.auth).expect(200)).body.languages).toBe(0);
      await grant(me.user, ['unit.edit'], ['cs', 'de']);
      await grant(me.user, ['unit.edit'], ['de', 'fr']);
      await grant(me.user, ['suggestion.add'], ['ja']);
      expect((await call('get', `/api/users/${me.user.username}/statistics/`, me.auth).expect(200)).body.languages).toBe(3);
    });

    it("shows anyone's statistics, as Weblate's public profiles do", async () => {
      const me = await createUser(t);
      await call('get', `/api/users/${admin.user.username}/statistics/`, me.auth).expect(200);
      await call('get', '/api/users/nobody-here/statistics/', me.auth).expect(404);
      await call('get', `/api/users/${me.user.username}/statistics/`, viewer.auth).expect(200);
    });

    it("shows Weblate's profile object: the activity counted from the change log and a new profile's preferences", async () => {
      const project = await createProject(t);
      const me = await createUser(t);
      const mine = { projectId: project.id, userId: me.user.id, authorId: me.user.id };
      await t.dataSource.transaction((manager) =>
        t.app.get(ChangesService).recordMany(manager, [
          { ...mine, action: ChangeAction.Change },
          { ...mine, action: ChangeAction.Suggestion },
          { ...mine, action: ChangeAction.Comment },
        ]),
      );
      const res = await call('get', `/api/users/${me.user.username}/`, me.auth).expect(200);
      expect(res.body.profile).toMatchObject({
        language: 'en', languages: [], secondary_languages: [], watched: [], dashboard_component_list: null,
        translated: 1, suggested: 1, uploaded: 0, commented: 1,
        theme: 'auto', nearby_strings: 15, public_email: '', commit_email: '', commit_name: 0, last_2fa: '',
      });
      const { translated, suggested, uploaded, commented } = (await call('get', `/api/users/${me.user.username}/statistics/`, me.auth).expect(200)).body;
      expect(res.body.profile).toMatchObject({ translated, suggested, uploaded, commented });
      // Listed, each account shows its own activity.
      const listed = await call('get', '/api/users/?page_size=1000', viewer.auth).expect(200);
      const profiles = new Map(listed.body.results.map((user: { id: number; profile: object }) => [user.id, user.profile]));
      expect(profiles.get(me.user.id)).toMatchObject({ translated: 1, suggested: 1, commented: 1 });
      expect(profiles.get(viewer.user.id)).toMatchObject({ translated: 0, suggested: 0, commented: 0 });
    });
  });

  describe('notification subscriptions', () => {
    const subscriptions = (username: string) => `/api/users/${username}/notifications/`;

    it('creates, reads, edits and removes a subscription of the caller', async () => {
      const me = await createUser(t);
      const created = await call('post', subscriptions(me.user.username), me.auth).type('form').send({ notification: 'NewStringNotificaton', scope: '10', frequency: '2' }).expect(201);
      expect(created.body).toEqual({ notification: 'NewStringNotificaton', id: expect.any(Number), scope: 10, frequency: 2, project: null, component: null });
      const one = `${subscriptions(me.user.username)}${created.body.id}/`;
      expect((await call('get', one, me.auth).expect(200)).body).toEqual(created.body);

      const list = await call('get', subscriptions(me.user.username), me.auth).expect(200);
      expect(list.body).toEqual({ count: 1, next: null, previous: null, results: [created.body] });
      const record = await call('get', `/api/users/${me.user.username}/`, me.auth).expect(200);
      // As Weblate: the record links the subscriptions list, whatever it holds.
      expect(record.body.notifications).toBe(urls.userNotifications(me.user.username));
      expect(path(record.body.notifications)).toBe(subscriptions(me.user.username));

      expect((await call('patch', one, me.auth).send({ frequency: 3 }).expect(200)).body).toMatchObject({ notification: 'NewStringNotificaton', scope: 10, frequency: 3 });
      expect((await call('put', one, me.auth).send({ notification: 'LockNotification', scope: 0, frequency: 1 }).expect(200)).body).toMatchObject({ notification: 'LockNotification', scope: 0, frequency: 1 });
      await call('put', one, me.auth).send({ frequency: 1 }).expect(400);
      await call('delete', one, me.auth).expect(204);
      await call('get', one, me.auth).expect(404);
    });

    it.each([
      [{ notification: 'NoSuchNotification', scope: 0, frequency: 1 }, 'notification', 'invalid_choice'],
      [{ notification: 'LockNotification', scope: 5, frequency: 1 }, 'scope', 'invalid_choice'],
      [{ notification: 'LockNotification', scope: 0, frequency: 'often' }, 'frequency', 'invalid_choice'],
      [{ notification: 'LockNotification', scope: 30, frequency: 1 }, 'project', 'invalid'],
      [{ notification: 'LockNotification', scope: 40, frequency: 1 }, 'component', 'invalid'],
    ])('answers %j with 400 on %s', async (body, attr, code) => {
      const me = await createUser(t);
      const res = await call('post', subscriptions(me.user.username), me.auth).send(body).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ attr, code })]);
    });

    it('refuses the same subscription twice', async () => {
      const me = await createUser(t);
      const body = { notification: 'LockNotification', scope: 0, frequency: 1 };
      await call('post', subscriptions(me.user.username), me.auth).send(body).expect(201);
      const res = await call('post', subscriptions(me.user.username), me.auth).send({ ...body, frequency: 2 }).expect(400);
      expect(res.body.errors[0].code).toBe('unique');
    });

    it("guards other users' subscriptions: 403 without user.edit, allowed with it", async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      await call('get', subscriptions(owner.user.username), other.auth).expect(403);
      await call('get', subscriptions(owner.user.username), viewer.auth).expect(403);
      await call('post', subscriptions(owner.user.username), manager.auth).send({ notification: 'LockNotification', scope: 0, frequency: 1 }).expect(201);
      await call('get', subscriptions(owner.user.username)).expect(401);
    });

    it('answers ids that are not numbers, or belong to someone else, with 404', async () => {
      const me = await createUser(t);
      const other = await createUser(t);
      const theirs = await call('post', subscriptions(other.user.username), other.auth).send({ notification: 'LockNotification', scope: 0, frequency: 1 }).expect(201);
      await call('get', `${subscriptions(me.user.username)}abc/`, me.auth).expect(404);
      await call('get', `${subscriptions(me.user.username)}99999999999999/`, me.auth).expect(404);
      await call('delete', `${subscriptions(me.user.username)}${theirs.body.id}/`, me.auth).expect(404);
    });
  });

  describe('personal keys', () => {
    it('rotates the caller key: the old one stops working', async () => {
      const me = await createUser(t);
      const res = await call('post', `/api/users/${me.user.username}/token/`, me.auth).expect(200);
      expect(Object.keys(res.body)).toEqual(['token']);
      expect(res.body.token).toMatch(/^wlu_[A-Za-z0-9]{36}$/);
      await call('get', '/api/users/', me.auth).expect(401);
      await call('get', '/api/users/', `Token ${res.body.token}`).expect(200);
    });

    it('lets superusers, and nobody else, issue keys for others', async () => {
      const target = await createUser(t);
      await call('post', `/api/users/${target.user.username}/token/`, viewer.auth).expect(403);
      await call('post', `/api/users/${target.user.username}/token/`, (await createUser(t)).auth).expect(403);
      await call('post', `/api/users/${target.user.username}/token/`).expect(401);
      const res = await call('post', `/api/users/${target.user.username}/token/`, admin.auth).expect(200);
      await call('get', `/api/users/${target.user.username}/`, `Token ${res.body.token}`).expect(200);
      await call('get', '/api/users/', target.auth).expect(401);
    });

    it('leaves project keys alone: their bot gets no personal key, and they mint none', async () => {
      const project = await createProject(t);
      const bot = await createUser(t, { isBot: true });
      const projectKey = await t.app.get(AuthenticationService).issueKey(bot.user.id, { kind: 'wlp_', projectId: project.id });
      expect((await call('post', `/api/users/${bot.user.username}/token/`, admin.auth).expect(400)).body.errors[0].code).toBe('project-key-holder');
      await call('post', `/api/users/${bot.user.username}/token/`, `Token ${projectKey}`).expect(403);
    });
  });
});
