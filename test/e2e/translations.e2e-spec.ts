import { UrlBuilder } from '../../src/core/urls/url-builder';
import { AccessControl } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const HOST = 'translations.test';
const urls = new UrlBuilder(`http://${HOST}`);

/** What wlc reads from a translation (reference/wlc-client.md); a missing key crashes it. */
const WLC_KEYS = [
  'url', 'web_url', 'language', 'component', 'translated', 'fuzzy', 'total', 'translated_words', 'fuzzy_words', 'failing_checks_words',
  'total_words', 'failing_checks', 'have_suggestion', 'have_comment', 'language_code', 'filename', 'revision', 'share_url', 'translate_url',
  'is_template', 'translated_percent', 'fuzzy_percent', 'failing_checks_percent', 'last_change', 'last_author', 'repository_url',
  'statistics_url', 'changes_list_url', 'file_url', 'units_list_url',
];

/** What wlc reads from a translation's (and each component statistics item's) statistics object. */
const WLC_STATISTICS_KEYS = [
  'failing_percent', 'translated_percent', 'total_words', 'failing', 'translated_words', 'fuzzy_percent', 'recent_changes', 'translated',
  'fuzzy', 'total', 'last_change', 'name', 'url', 'code', 'last_author',
];

const SOME_STRINGS = { total: 3, totalWords: 12, translated: 2, translatedWords: 8, fuzzy: 1, fuzzyWords: 4, failing: 1, failingWords: 4 };

describe('translations', () => {
  let t: TestApp;
  const call = (method: 'get' | 'post', path: string, auth?: string) => {
    const req = t.http()[method](path).set('Host', HOST);
    return auth ? req.set('Authorization', auth) : req;
  };

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('serves a translation with every key wlc reads, its percentages and its links', async () => {
    const author = await createUser(t, { fullName: 'Ann Author' });
    const project = await createProject(t);
    const component = await createComponent(t, project);
    const changed = new Date('2024-05-06T07:08:09.000Z');
    await createTranslation(t, component, 'cs', { ...SOME_STRINGS, suggestions: 2, comments: 1, lastChange: changed, lastAuthorId: author.user.id });
    const res = await call('get', `/api/translations/${project.slug}/${component.slug}/cs/`).expect(200);
    for (const key of WLC_KEYS) expect(res.body).toHaveProperty(key);
    const part = (name: Parameters<UrlBuilder['translationPart']>[3]) => urls.translationPart(project.slug, component.slug, 'cs', name);
    expect(res.body).toMatchObject({
      url: urls.translation(project.slug, component.slug, 'cs'),
      web_url: `http://${HOST}/projects/${project.slug}/${component.slug}/cs/`,
      share_url: `http://${HOST}/engage/${project.slug}/cs/`,
      translate_url: `http://${HOST}/translate/${project.slug}/${component.slug}/cs/`,
      language: { code: 'cs', url: urls.language('cs'), direction: 'ltr' },
      component: { slug: component.slug, url: urls.component(project.slug, component.slug), project: { slug: project.slug } },
      language_code: 'cs',
      filename: 'po/cs.po',
      is_template: false,
      is_source: false,
      total: 3,
      translated: 2,
      translated_percent: 66.6,
      fuzzy_percent: 33.3,
      failing_checks: 1,
      failing_checks_words: 4,
      failing_checks_percent: 33.3,
      have_suggestion: 2,
      have_comment: 1,
      last_change: changed.toISOString(),
      last_author: 'Ann Author',
      repository_url: part('repository'),
      statistics_url: part('statistics'),
      changes_list_url: part('changes'),
      file_url: part('file'),
      units_list_url: part('units'),
    });
  });

  it('reports no change yet as null and zero strings as 0 %', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    await createTranslation(t, component, 'de');
    const res = await call('get', `/api/translations/${project.slug}/${component.slug}/de/`).expect(200);
    expect(res.body).toMatchObject({ last_change: null, last_author: null, translated_percent: 0, total: 0 });
  });

  it('addresses a component inside a category double-encoded, and a translation by either code', async () => {
    const project = await createProject(t);
    const [{ id: docs }] = await t.dataSource.query(`INSERT INTO categories (name, slug, project_id) VALUES ('Docs', 'docs', $1) RETURNING id`, [project.id]);
    const component = await createComponent(t, project, { slug: 'usage', categoryId: docs });
    await createTranslation(t, component, 'pt_BR', { languageCode: 'pt-rBR' });
    const res = await call('get', `/api/translations/${project.slug}/docs%252Fusage/pt-rBR/`).expect(200);
    expect(res.body.url).toBe(`http://${HOST}/api/translations/${project.slug}/docs%252Fusage/pt-rBR/`);
    expect(res.body.repository_url).toBe(`http://${HOST}/api/translations/${project.slug}/docs%252Fusage/pt-rBR/repository/`);
    expect(res.body.language.code).toBe('pt_BR');
    await call('get', `/api/translations/${project.slug}/docs%252Fusage/pt_BR/`).expect(200);
    await call('get', `/api/translations/${project.slug}/usage/pt-rBR/`).expect(404);
    await call('get', `/api/translations/${project.slug}/docs%252Fusage/xx-nope/`).expect(404);
    await call('get', `/api/translations/${project.slug}/docs%252Fusage/${'x'.repeat(300)}/`).expect(404);
  });

  it('hides translations of private projects: 404 to outsiders, listed only for those who see them', async () => {
    const project = await createProject(t, { accessControl: AccessControl.Private });
    const component = await createComponent(t, project);
    await createTranslation(t, component, 'cs');
    const admin = await createUser(t, { isSuperuser: true });
    const path = `/api/translations/${project.slug}/${component.slug}/cs`;
    for (const suffix of ['/', '/statistics/', '/repository/']) await call('get', `${path}${suffix}`).expect(404);
    await call('get', `/api/components/${project.slug}/${component.slug}/translations/`).expect(404);
    await call('get', `/api/projects/${project.slug}/statistics/`).expect(404);
    await call('get', `/api/projects/${project.slug}/languages/`).expect(404);
    await call('get', `${path}/`, admin.auth).expect(200);

    const listed = async (auth?: string) => {
      const urlsSeen: string[] = [];
      for (let next: string | null = '/api/translations/?page_size=1000'; next; ) {
        const body: { results: { url: string }[]; next: string | null } = (await call('get', next.replace(`http://${HOST}`, ''), auth).expect(200)).body;
        urlsSeen.push(...body.results.map((item) => item.url));
        next = body.next;
      }
      return urlsSeen;
    };
    const url = urls.translation(project.slug, component.slug, 'cs');
    expect(await listed()).not.toContain(url);
    expect(await listed(admin.auth)).toContain(url);
  });

  it('pages the list of all translations by project, component and language', async () => {
    const project = await createProject(t, { slug: 'aaaa-first' });
    const component = await createComponent(t, project);
    for (const code of ['fr', 'cs', 'de']) await createTranslation(t, component, code);
    const first = await call('get', '/api/translations/?page_size=2').expect(200);
    expect(first.body.results.map((item: { language_code: string }) => item.language_code)).toEqual(['cs', 'de']);
    expect(first.body.results[0].component.slug).toBe(component.slug);
    expect(first.body.next).toBe(`http://${HOST}/api/translations/?page_size=2&page=2`);
    const second = await call('get', '/api/translations/?page_size=2&page=2').expect(200);
    expect(second.body.results[0].language_code).toBe('fr');
    expect(second.body.count).toBe(first.body.count);
  });

  it("lists a component's translations without the embedded component, source included", async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    await createTranslation(t, component, 'en', { isSource: true, total: 3, translated: 3 });
    await createTranslation(t, component, 'cs', SOME_STRINGS);
    const res = await call('get', `/api/components/${project.slug}/${component.slug}/translations/`).expect(200);
    expect(res.body.count).toBe(2);
    expect(res.body.results.map((item: { language_code: string }) => item.language_code)).toEqual(['cs', 'en']);
    expect(res.body.results[0]).not.toHaveProperty('component');
    expect(res.body.results[1]).toMatchObject({ is_source: true, translated_percent: 100 });
    const paged = await call('get', `/api/components/${project.slug}/${component.slug}/translations/?page_size=1&page=last`).expect(200);
    expect(paged.body.results.map((item: { language_code: string }) => item.language_code)).toEqual(['en']);
  });

  it('serves translation statistics and the paginated statistics of a component', async () => {
    const author = await createUser(t, { fullName: 'Stat Author' });
    const project = await createProject(t);
    const component = await createComponent(t, project);
    await createTranslation(t, component, 'cs', { ...SOME_STRINGS, lastAuthorId: author.user.id, lastChange: new Date() });
    await createTranslation(t, component, 'de', { total: 3 });
    const res = await call('get', `/api/translations/${project.slug}/${component.slug}/cs/statistics/`).expect(200);
    for (const key of WLC_STATISTICS_KEYS) expect(res.body).toHaveProperty(key);
    expect(res.body).toMatchObject({
      name: 'Czech',
      code: 'cs',
      url: `http://${HOST}/engage/${project.slug}/cs/`,
      url_translate: `http://${HOST}/translate/${project.slug}/${component.slug}/cs/`,
      last_author: 'Stat Author',
      total: 3,
      translated: 2,
      translated_percent: 66.6,
      translated_words_percent: 66.6,
      failing_percent: 33.3,
    });
    const list = await call('get', `/api/components/${project.slug}/${component.slug}/statistics/`).expect(200);
    expect(list.body).toMatchObject({ count: 2, next: null, previous: null });
    for (const item of list.body.results) for (const key of WLC_STATISTICS_KEYS) expect(item).toHaveProperty(key);
    expect(list.body.results.map((item: { code: string; translated: number }) => [item.code, item.translated])).toEqual([['cs', 2], ['de', 0]]);
  });

  it('sums project statistics and per-language rows over the stored translations, without source translations', async () => {
    const project = await createProject(t, { name: 'Summed' });
    const one = await createComponent(t, project);
    const two = await createComponent(t, project);
    await createTranslation(t, one, 'en', { isSource: true, total: 100, translated: 100 });
    await createTranslation(t, one, 'cs', { ...SOME_STRINGS, lastChange: new Date('2024-01-01T00:00:00Z') });
    await createTranslation(t, two, 'cs', { total: 3, totalWords: 4, translated: 0, lastChange: new Date('2024-02-01T00:00:00Z') });
    await createTranslation(t, two, 'de', { total: 3, totalWords: 12, translated: 3, translatedWords: 12 });
    const stats = await call('get', `/api/projects/${project.slug}/statistics/`).expect(200);
    expect(stats.body).toMatchObject({
      name: 'Summed',
      url: `http://${HOST}/engage/${project.slug}/`,
      total: 9,
      translated: 5,
      translated_percent: 55.5,
      total_words: 28,
      translated_words: 20,
      fuzzy: 1,
      failing: 1,
      last_change: '2024-02-01T00:00:00.000Z',
    });
    const languages = await call('get', `/api/projects/${project.slug}/languages/`).expect(200);
    expect(languages.body).toMatchObject({ count: 2, next: null });
    expect(languages.body.results).toEqual([
      { language: 'Czech', code: 'cs', total: 6, translated: 2, translated_percent: 33.3, total_words: 16, translated_words: 8, words_percent: 50 },
      { language: 'German', code: 'de', total: 3, translated: 3, translated_percent: 100, total_words: 12, translated_words: 12, words_percent: 100 },
    ]);
    const second = await call('get', `/api/projects/${project.slug}/languages/?page_size=1&page=2`).expect(200);
    expect(second.body.results.map((row: { code: string }) => row.code)).toEqual(['de']);
  });

  it('serves words and characters of the fuzzy, approved and read-only strings, per translation and summed', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    const buckets = {
      total: 10, totalWords: 40, totalChars: 200, translated: 7, translatedWords: 30, translatedChars: 150,
      fuzzy: 1, fuzzyWords: 4, fuzzyChars: 20, approved: 2, approvedWords: 10, approvedChars: 50,
      readonly: 5, readonlyWords: 20, readonlyChars: 100,
    };
    await createTranslation(t, component, 'cs', buckets);
    await createTranslation(t, component, 'de', buckets);
    const expected = {
      fuzzy_words: 4, fuzzy_words_percent: 10, fuzzy_chars: 20, fuzzy_chars_percent: 10,
      approved_words: 10, approved_words_percent: 25, approved_chars: 50, approved_chars_percent: 25,
      readonly_words: 20, readonly_words_percent: 50, readonly_chars: 100, readonly_chars_percent: 50,
    };
    const translation = await call('get', `/api/translations/${project.slug}/${component.slug}/cs/statistics/`).expect(200);
    expect(translation.body).toMatchObject(expected);
    const summed = await call('get', `/api/projects/${project.slug}/statistics/`).expect(200);
    expect(summed.body).toMatchObject({ ...expected, fuzzy_words: 8, fuzzy_chars: 40, approved_words: 20, approved_chars: 100, readonly_words: 40, readonly_chars: 200 });
  });

  it('answers language statistics from the translations of the language', async () => {
    const project = await createProject(t);
    await createTranslation(t, await createComponent(t, project), 'eo', { total: 4, translated: 1, approved: 1 });
    await createTranslation(t, await createComponent(t, project), 'eo', { total: 6, translated: 6, isSource: true });
    await createTranslation(t, await createComponent(t, project), 'eo', { total: 2, translated: 2 });
    const res = await call('get', '/api/languages/eo/statistics/').expect(200);
    expect(res.body).toMatchObject({ code: 'eo', total: 6, translated: 3, translated_percent: 50, approved: 1 });
  });

  it("answers a translation's repository status and operations as its component's", async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    await createTranslation(t, component, 'cs');
    const admin = await createUser(t, { isSuperuser: true });
    const path = `/api/translations/${project.slug}/${component.slug}/cs/repository/`;
    const res = await call('get', path, admin.auth).expect(200);
    expect(res.body).toMatchObject({ url: `http://${HOST}${path}`, needs_commit: false });
    for (const key of ['status', 'merge_failure', 'remote_commit']) expect(res.body).toHaveProperty(key);
    // The same answer as the component's, to anyone.
    const componentPath = `/api/components/${project.slug}/${component.slug}/repository/`;
    expect((await call('get', path)).status).toBe((await call('get', componentPath)).status);
    await call('post', path, admin.auth).send({ operation: 'nope' }).expect(400);
    await call('post', path).send({ operation: 'push' }).expect(401);
    await call('get', `/api/translations/${project.slug}/${component.slug}/xx-nope/repository/`, admin.auth).expect(404);
  });
});
