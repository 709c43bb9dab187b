import { AuthenticationService } from '../../src/users/authentication.service';
import { createUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

describe('authentication', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('accepts a personal key as "Token <key>" and as "Bearer <key>"', async () => {
    const { token } = await createUser(t);
    await t.http().get('/api/').set('Authorization', `Token ${token}`).expect(200);
    await t.http().get('/api/').set('Authorization', `Bearer ${token}`).expect(200);
  });

  it('rejects an unknown key with 401 "Invalid token."', async () => {
    const res = await t.http().get('/api/').set('Authorization', 'Token wlu_000000000000000000000000000000000000').expect(401);
    expect(res.body.detail).toBe('Invalid token.');
    expect(res.body.errors[0].code).toBe('authentication_failed');
  });

  it('rejects the key of an inactive user with 401', async () => {
    const { auth } = await createUser(t, { isActive: false });
    const res = await t.http().get('/api/').set('Authorization', auth).expect(401);
    expect(res.body.detail).toBe('User inactive or deleted.');
  });

  it('rejects an empty Token header with 401', async () => {
    await t.http().get('/api/').set('Authorization', 'Token').expect(401);
  });

  it('stores only a hash of each key', async () => {
    const { user, token } = await createUser(t);
    const rows = await t.dataSource.query('SELECT * FROM api_tokens WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
    expect(rows[0].key_prefix).toBe(token.slice(0, 8));
  });

  it('revokes the old key when a new one is issued', async () => {
    const { user, token } = await createUser(t);
    const fresh = await t.app.get(AuthenticationService).issueKey(user.id);
    await t.http().get('/api/').set('Authorization', `Token ${token}`).expect(401);
    await t.http().get('/api/').set('Authorization', `Token ${fresh}`).expect(200);
  });

  it('serves public routes to anonymous callers', async () => {
    await t.http().get('/api/languages/').expect(200);
  });
});

describe('authentication with REQUIRE_LOGIN', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ REQUIRE_LOGIN: 'true' });
  });

  afterAll(() => t.close());

  it('answers anonymous API calls with 401', async () => {
    const res = await t.http().get('/api/languages/').expect(401);
    expect(res.body.detail).toBe('Authentication credentials were not provided.');
  });

  it('serves the same call with a key', async () => {
    const { auth } = await createUser(t);
    await t.http().get('/api/languages/').set('Authorization', auth).expect(200);
  });
});
