import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

describe('public base URL', () => {
  let proxied: TestApp;
  let fixed: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    [proxied, fixed] = await Promise.all([
      createTestApp({ TRUST_PROXY: 'true' }),
      createTestApp({ SITE_URL: 'https://translate.example.org/' }),
    ]);
    // Languages without a translation are listed to those who may edit languages only.
    admin = await createUser(fixed, { isSuperuser: true });
  });

  afterAll(() => Promise.all([proxied.close(), fixed.close()]));

  it('builds URLs from X-Forwarded-Proto and X-Forwarded-Host behind a trusted proxy', async () => {
    const res = await proxied.http().get('/api/').set('Host', 'inner:8000').set('X-Forwarded-Host', 'public.test').set('X-Forwarded-Proto', 'https');
    expect(res.body.languages).toBe('https://public.test/api/languages/');
  });

  it('builds URLs from SITE_URL whatever the request says', async () => {
    const res = await fixed.http().get('/api/languages/?page_size=1').set('Host', 'inner:8000').set('Authorization', admin.auth);
    expect(res.body.next).toBe('https://translate.example.org/api/languages/?page_size=1&page=2');
    expect(res.body.results[0].url).toMatch(/^https:\/\/translate\.example\.org\/api\/languages\/[^/]+\/$/);
  });
});
