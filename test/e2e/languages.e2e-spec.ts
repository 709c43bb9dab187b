import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const LANGUAGE_KEYS = ['id', 'code', 'name', 'plural', 'aliases', 'direction', 'population', 'web_url', 'url', 'statistics_url'];

describe('languages (read side)', () => {
  let t: TestApp;
  let admin: UserWithToken;
  const base = 'http://langs.test';

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  /** As a superuser, who reads every language (others read those with a translation, tested below). */
  const get = (path: string) => t.http().get(path).set('Host', 'langs.test').set('Authorization', admin.auth);

  it('returns the paginated envelope with working next and previous links', async () => {
    const total = (await get('/api/languages/').expect(200)).body.count;
    expect(total).toBeGreaterThan(700);

    const page2 = await get('/api/languages/?page_size=2&page=2').expect(200);
    expect(Object.keys(page2.body)).toEqual(['count', 'next', 'previous', 'results']);
    expect(page2.body.count).toBe(total);
    expect(page2.body.results).toHaveLength(2);
    expect(page2.body.next).toBe(`${base}/api/languages/?page_size=2&page=3`);
    expect(page2.body.previous).toBe(`${base}/api/languages/?page_size=2`);

    const page1 = await get(new URL(page2.body.previous).pathname + new URL(page2.body.previous).search).expect(200);
    const page3 = await get(new URL(page2.body.next).pathname + new URL(page2.body.next).search).expect(200);
    const codes = [...page1.body.results, ...page2.body.results, ...page3.body.results].map((l: { code: string }) => l.code);
    expect(new Set(codes).size).toBe(6);
    expect(page1.body.previous).toBeNull();
  });

  it('uses PAGE_SIZE as the default page size', async () => {
    const res = await get('/api/languages/').expect(200);
    expect(res.body.results).toHaveLength(50);
  });

  it('clamps page_size to 1000', async () => {
    const res = await get('/api/languages/?page_size=5000').expect(200);
    expect(res.body.results).toHaveLength(Math.min(1000, res.body.count));
  });

  it('answers an out-of-range or malformed page with 404 "Invalid page."', async () => {
    expect((await get('/api/languages/?page=9999').expect(404)).body.detail).toBe('Invalid page.');
    expect((await get('/api/languages/?page=zero').expect(404)).body.detail).toBe('Invalid page.');
  });

  it('ends the walk with next = null on the last page', async () => {
    const res = await get('/api/languages/?page=last&page_size=100').expect(200);
    expect(res.body.next).toBeNull();
    expect(res.body.previous).not.toBeNull();
  });

  it('serves one language with the fields Weblate clients read', async () => {
    const res = await get('/api/languages/cs/').expect(200);
    expect(Object.keys(res.body).sort()).toEqual([...LANGUAGE_KEYS].sort());
    expect(res.body).toMatchObject({
      code: 'cs',
      name: 'Czech',
      direction: 'ltr',
      url: `${base}/api/languages/cs/`,
      web_url: `${base}/languages/cs/`,
      statistics_url: `${base}/api/languages/cs/statistics/`,
      plural: { source: 0, number: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2', type: 2 },
    });
    expect(res.body.population).toBeGreaterThan(1_000_000);
    expect(res.body.aliases).toEqual(expect.arrayContaining(['cze']));
  });

  it('marks right-to-left languages', async () => {
    const res = await get('/api/languages/ar/').expect(200);
    expect(res.body.direction).toBe('rtl');
    expect(res.body.plural).toMatchObject({ number: 6, type: 3 });
  });

  it('answers an unknown language code with 404', async () => {
    const res = await get('/api/languages/xx-nope/').expect(404);
    expect(res.body.detail).toBe('Language not found.');
  });

  it('shows callers who cannot edit languages only those with a translation, as Weblate does', async () => {
    const plain = await createUser(t);
    const read = (path: string, auth?: string) => (auth ? t.http().get(path).set('Authorization', auth) : t.http().get(path));
    const listed = async () => (await read('/api/languages/?page_size=1000', plain.auth).expect(200)).body;

    expect((await listed()).results.map((language: { code: string }) => language.code)).not.toContain('kab');
    for (const auth of [plain.auth, undefined]) {
      expect((await read('/api/languages/kab/', auth).expect(404)).body.detail).toBe('Language not found.');
      await read('/api/languages/kab/statistics/', auth).expect(404);
    }

    await createTranslation(t, await createComponent(t, await createProject(t)), 'kab');
    const after = await listed();
    const codes = after.results.map((language: { code: string }) => language.code);
    expect(codes).toContain('kab');
    expect(after.count).toBe(codes.length);
    expect(after.count).toBeLessThan((await get('/api/languages/').expect(200)).body.count);
    await read('/api/languages/kab/').expect(200);
    await read('/api/languages/kab/statistics/', plain.auth).expect(200);
  });
});
