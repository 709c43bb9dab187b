import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

describe('public base URL', () => {
  let proxied: TestApp;
  let fixed: TestApp;
  let unconfigured: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    [proxied, fixed, unconfigured] = await Promise.all([
      createTestApp({ TRUST_PROXY: 'true', ALLOWED_HOSTS: 'public.test' }),
      createTestApp({ SITE_URL: 'https://translate.example.org/', ALLOWED_HOSTS: '' }),
      // No SITE_URL and no ALLOWED_HOSTS, as `npm start` runs with no configuration.
      createTestApp({ ALLOWED_HOSTS: '' }),
    ]);
    // Languages without a translation are listed to those who may edit languages only.
    admin = await createUser(fixed, { isSuperuser: true });
  });

  afterAll(() => Promise.all([proxied.close(), fixed.close(), unconfigured.close()]));

  it('builds URLs from X-Forwarded-Proto and X-Forwarded-Host behind a trusted proxy', async () => {
    const res = await proxied.http().get('/api/').set('Host', 'inner:8000').set('X-Forwarded-Host', 'public.test').set('X-Forwarded-Proto', 'https');
    expect(res.body.languages).toBe('https://public.test/api/languages/');
  });

  it('refuses an X-Forwarded-Host that ALLOWED_HOSTS does not name, behind a trusted proxy', async () => {
    const res = await proxied.http().get('/api/').set('Host', 'inner:8000').set('X-Forwarded-Host', 'evil.example').set('X-Forwarded-Proto', 'https').expect(400);
    expect(res.body.detail).toBe('Invalid Host header "evil.example": add it to ALLOWED_HOSTS, or set SITE_URL.');
    expect(res.text).not.toContain('https://evil.example');
  });

  it('builds URLs from SITE_URL whatever the request says', async () => {
    const res = await fixed.http().get('/api/languages/?page_size=1').set('Host', 'inner:8000').set('Authorization', admin.auth);
    expect(res.body.next).toBe('https://translate.example.org/api/languages/?page_size=1&page=2');
    expect(res.body.results[0].url).toMatch(/^https:\/\/translate\.example\.org\/api\/languages\/[^/]+\/$/);
  });

  it('answers localhost, 127.0.0.1 and [::1] with no configuration', async () => {
    for (const host of ['localhost:8000', '127.0.0.1:8000', '[::1]:8000']) {
      const res = await unconfigured.http().get('/api/').set('Host', host).expect(200);
      expect(res.body.languages).toBe(`http://${host}/api/languages/`);
    }
  });

  it('refuses any other Host with 400 when neither SITE_URL nor ALLOWED_HOSTS names it, so it reaches no URL', async () => {
    for (const path of ['/api/', '/api/projects/', '/hooks/update/nope/', '/healthz/']) {
      const res = await unconfigured.http().get(path).set('Host', 'evil.example').expect(400);
      expect(res.body).toMatchObject({ detail: 'Invalid Host header "evil.example": add it to ALLOWED_HOSTS, or set SITE_URL.' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
    // An untrusted proxy's header is not what is checked: the Host is.
    await unconfigured.http().get('/api/').set('Host', 'localhost').set('X-Forwarded-Host', 'evil.example').expect(200);
  });
});
