import { LanguageDataSync } from '../../src/languages/language-data.sync';
import { UrlBuilder } from '../../src/core/urls/url-builder';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const LANGUAGE_KEYS = ['id', 'code', 'name', 'plural', 'aliases', 'direction', 'population', 'web_url', 'url', 'statistics_url'];
const STATISTICS_KEYS = [
  'total', 'total_words', 'total_chars', 'last_change', 'recent_changes', 'translated', 'translated_percent',
  'translated_words', 'translated_words_percent', 'translated_chars', 'translated_chars_percent', 'fuzzy', 'fuzzy_percent',
  'fuzzy_words', 'fuzzy_words_percent', 'fuzzy_chars', 'fuzzy_chars_percent', 'failing', 'failing_percent',
  'approved', 'approved_percent', 'approved_words', 'approved_words_percent', 'approved_chars', 'approved_chars_percent',
  'readonly', 'readonly_percent', 'readonly_words', 'readonly_words_percent', 'readonly_chars', 'readonly_chars_percent',
  'suggestions', 'comments',
  'name', 'code', 'url', 'url_translate',
];
const TWO_FORMS = { number: 2, formula: 'n != 1' };

describe('languages (write side and statistics)', () => {
  let t: TestApp;
  let admin: UserWithToken;
  let plain: UserWithToken;
  const urls = new UrlBuilder('http://langs.test');
  let sequence = 0;
  /** A fresh valid language code per call, so tests do not depend on each other's data. */
  const newCode = () => `x-test${++sequence}`;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
    plain = await createUser(t);
  });

  afterAll(() => t.close());

  const as = (user: UserWithToken | null) => ({
    post: (path: string) => withAuth(t.http().post(path), user),
    put: (path: string) => withAuth(t.http().put(path), user),
    patch: (path: string) => withAuth(t.http().patch(path), user),
    delete: (path: string) => withAuth(t.http().delete(path), user),
  });
  const withAuth = <R extends { set: (name: string, value: string) => R }>(req: R, user: UserWithToken | null): R =>
    user ? req.set('Host', 'langs.test').set('Authorization', user.auth) : req.set('Host', 'langs.test');
  /** Reads as the superuser, who sees languages without translations too. */
  const get = (path: string) => withAuth(t.http().get(path), admin);
  const create = (body: object, user: UserWithToken | null = admin) => as(user).post('/api/languages/').send(body);
  const validLanguage = (overrides: object = {}) => ({ code: newCode(), name: 'Test language', direction: 'rtl', population: 1234, plural: TWO_FORMS, ...overrides });
  const errorsOf = (body: { errors: { attr: string | null; code: string }[] }) => body.errors.map(({ attr, code }) => ({ attr, code }));

  describe('permissions', () => {
    it('answers anonymous writes with 401', async () => {
      await create(validLanguage(), null).expect(401);
      await as(null).patch('/api/languages/cs/').send({ name: 'x' }).expect(401);
      await as(null).delete('/api/languages/cs/').expect(401);
    });

    it('answers writes of a user without language permissions with 403', async () => {
      await create(validLanguage(), plain).expect(403);
      await as(plain).put('/api/languages/cs/').send({ name: 'x' }).expect(403);
      await as(plain).patch('/api/languages/cs/').send({ name: 'x' }).expect(403);
      await as(plain).delete('/api/languages/cs/').expect(403);
    });

    it('lets a superuser create a language, served with the read side shape', async () => {
      const body = validLanguage();
      const res = await create(body).expect(201);
      expect(Object.keys(res.body).sort()).toEqual([...LANGUAGE_KEYS].sort());
      expect(res.body).toMatchObject({
        code: body.code,
        name: 'Test language',
        direction: 'rtl',
        population: 1234,
        aliases: [],
        plural: { source: 0, number: 2, formula: 'n != 1', type: 1 },
        url: urls.language(body.code),
        web_url: urls.languageWeb(body.code),
        statistics_url: urls.languageStatistics(body.code),
      });
      expect((await get(`/api/languages/${body.code}/`).expect(200)).body).toEqual(res.body);
    });

    it('lets a user granted language.add through a team create, but not edit', async () => {
      const creator = await createUser(t);
      await t.dataSource.query(
        `WITH role AS (INSERT INTO roles (name, permissions) VALUES ('Language creators', '{language.add}') RETURNING id),
              team AS (INSERT INTO groups (name, project_selection, language_selection) VALUES ('Language team', 1, 1) RETURNING id),
              link AS (INSERT INTO group_roles (group_id, role_id) SELECT team.id, role.id FROM team, role)
         INSERT INTO user_groups (user_id, group_id) SELECT $1, id FROM team`,
        [creator.user.id],
      );
      const body = validLanguage();
      await create(body, creator).expect(201);
      await as(creator).patch(`/api/languages/${body.code}/`).send({ name: 'Renamed' }).expect(403);
    });
  });

  describe('validation', () => {
    it.each([
      ['a missing code', { code: undefined }, 'code', 'required'],
      ['a code with a space', { code: 'x y' }, 'code', 'invalid'],
      ['a code over 50 characters', { code: 'x'.repeat(51) }, 'code', 'max_length'],
      ['a blank name', { name: '   ' }, 'name', 'blank'],
      ['a missing name', { name: undefined }, 'name', 'required'],
      ['a name over 100 characters', { name: 'n'.repeat(101) }, 'name', 'max_length'],
      ['an unknown direction', { direction: 'up' }, 'direction', 'invalid_choice'],
      ['a negative population', { population: -1 }, 'population', 'min_value'],
      ['a fractional population', { population: 1.5 }, 'population', 'invalid'],
      ['a boolean population', { population: true }, 'population', 'invalid'],
      ['a missing plural', { plural: undefined }, 'plural', 'required'],
      ['a plural that is a list', { plural: [TWO_FORMS] }, 'plural', 'invalid'],
      ['a plural that is text but not JSON', { plural: 'n != 1' }, 'plural', 'invalid'],
      ['a plural number of 0', { plural: { number: 0, formula: '0' } }, 'plural.number', 'min_value'],
      ['a plural number of 11', { plural: { number: 11, formula: 'n' } }, 'plural.number', 'max_value'],
      ['a missing plural formula', { plural: { number: 2 } }, 'plural.formula', 'required'],
      ['a formula that is not text', { plural: { number: 2, formula: 5 } }, 'plural.formula', 'invalid'],
    ])('refuses %s with 400 on its field', async (_case, override, attr, code) => {
      const res = await create(validLanguage(override)).expect(400);
      expect(res.body.type).toBe('validation_error');
      expect(errorsOf(res.body)).toEqual([{ attr, code }]);
    });

    it('reports a formula syntax error with its position on plural.formula', async () => {
      const res = await create(validLanguage({ plural: { number: 2, formula: 'n != 1)' } })).expect(400);
      expect(res.body.errors).toEqual([{ attr: 'plural.formula', code: 'invalid', detail: 'Unexpected ")" at position 6' }]);
    });

    it('refuses a formula that picks a form the language does not have', async () => {
      const res = await create(validLanguage({ plural: { number: 2, formula: 'n > 10 ? 2 : n != 1' } })).expect(400);
      expect(res.body.errors).toEqual([
        { attr: 'plural.formula', code: 'invalid', detail: 'The formula gives form 2 for n = 11; with 2 plural forms it must give 0 to 1.' },
      ]);
    });

    it('refuses a code already in use with "unique"', async () => {
      const res = await create(validLanguage({ code: 'cs' })).expect(400);
      expect(errorsOf(res.body)).toEqual([{ attr: 'code', code: 'unique' }]);
    });

    it('answers malformed or mistyped bodies with 400, never 500', async () => {
      const malformed = await as(admin).post('/api/languages/').set('Content-Type', 'application/json').send('{"code": ').expect(400);
      expect(malformed.body.errors[0].code).toBe('parse_error');
      for (const body of ['[]', '"cs"', '42', 'null']) {
        await as(admin).post('/api/languages/').set('Content-Type', 'application/json').send(body).expect(400);
      }
      await as(admin).patch('/api/languages/cs/').send({ plural: 'not json' }).expect(400);
      await as(admin).patch('/api/languages/cs/').send({ plural: null }).expect(400);
      await as(admin).patch('/api/languages/cs/').send({ name: null }).expect(400);
      // The longest formulas allowed, nested as deep as they can be, still parse and evaluate.
      await create(validLanguage({ plural: { number: 2, formula: `${'!'.repeat(999)}n` } })).expect(201);
      await create(validLanguage({ plural: { number: 2, formula: `${'('.repeat(499)}n${')'.repeat(499)}` } })).expect(400);
      await create(validLanguage({ plural: { number: 2, formula: `${'-'.repeat(999)}n` } })).expect(400);
      await create(validLanguage({ plural: { number: 2, formula: 'n'.repeat(1001) } })).expect(400);
    });
  });

  describe('form bodies', () => {
    it('accepts the plural as flat plural.number and plural.formula fields', async () => {
      const code = newCode();
      const res = await as(admin)
        .post('/api/languages/')
        .type('form')
        .send({ code, name: 'Form language', population: '42', 'plural.number': '3', 'plural.formula': 'n==1 ? 0 : n==2 ? 1 : 2' })
        .expect(201);
      expect(res.body).toMatchObject({ code, population: 42, direction: 'ltr', plural: { number: 3, type: 4 } });
    });

    it('accepts the plural as JSON text in a form field', async () => {
      const code = newCode();
      const res = await as(admin)
        .post('/api/languages/')
        .type('form')
        .send({ code, name: 'Form language', plural: JSON.stringify(TWO_FORMS) })
        .expect(201);
      expect(res.body.plural).toMatchObject({ number: 2, formula: 'n != 1' });
    });

    it('refuses a non-numeric form population', async () => {
      const res = await as(admin).post('/api/languages/').type('form').send({ code: newCode(), name: 'x', population: 'many', plural: JSON.stringify(TWO_FORMS) }).expect(400);
      expect(errorsOf(res.body)).toEqual([{ attr: 'population', code: 'invalid' }]);
    });
  });

  describe('editing and deleting', () => {
    it('changes only the fields a PATCH sends, and reclassifies a new plural', async () => {
      const body = validLanguage();
      await create(body).expect(201);
      const res = await as(admin)
        .patch(`/api/languages/${body.code}/`)
        .send({ population: 99, plural: { number: 3, formula: '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2' } })
        .expect(200);
      expect(res.body).toMatchObject({ code: body.code, name: 'Test language', direction: 'rtl', population: 99, plural: { number: 3, type: 2 } });
    });

    it('requires the name in a PUT', async () => {
      const res = await as(admin).put('/api/languages/cs/').send({ direction: 'ltr' }).expect(400);
      expect(errorsOf(res.body)).toEqual([{ attr: 'name', code: 'required' }]);
      const ok = await as(admin).put('/api/languages/cs/').send({ name: 'Czech (PUT)', direction: 'ltr' }).expect(200);
      expect(ok.body).toMatchObject({ code: 'cs', name: 'Czech (PUT)' });
    });

    it('answers edits and deletes of an unknown code with 404', async () => {
      const patched = await as(admin).patch('/api/languages/xx-nope/').send({ name: 'x' }).expect(404);
      expect(patched.body.detail).toBe('Language not found.');
      await as(admin).put('/api/languages/xx-nope/').send({ name: 'x' }).expect(404);
      await as(admin).delete('/api/languages/xx-nope/').expect(404);
    });

    it('keeps an edited shipped language when the shipped data is synced again', async () => {
      await as(admin).patch('/api/languages/de/').send({ name: 'Deutsch (edited)', plural: { number: 1, formula: '0' } }).expect(200);
      await t.app.get(LanguageDataSync).sync();
      const res = await get('/api/languages/de/').expect(200);
      expect(res.body).toMatchObject({ name: 'Deutsch (edited)', plural: { number: 1, formula: '0', type: 0 } });
    });

    it('deletes a language, also when a team selects it', async () => {
      const body = validLanguage();
      const { id } = (await create(body).expect(201)).body;
      await t.dataSource.query(
        `WITH team AS (INSERT INTO groups (name) VALUES ('Team of ' || $1::text) RETURNING id)
         INSERT INTO group_languages (group_id, language_id) SELECT id, $2 FROM team`,
        [body.code, id],
      );
      await as(admin).delete(`/api/languages/${body.code}/`).expect(204);
      await get(`/api/languages/${body.code}/`).expect(404);
    });
  });

  describe('statistics', () => {
    it('serves the statistics object of a language, all zero while nothing is translated', async () => {
      const res = await get('/api/languages/cs/statistics/').expect(200);
      expect(Object.keys(res.body)).toEqual(STATISTICS_KEYS);
      expect(res.body).toMatchObject({
        total: 0,
        translated: 0,
        translated_percent: 0,
        fuzzy_percent: 0,
        last_change: null,
        recent_changes: 0,
        code: 'cs',
        name: expect.any(String),
        url: urls.language('cs'),
        url_translate: urls.languageWeb('cs'),
      });
    });

    it('answers statistics of an unknown code with 404', async () => {
      const res = await get('/api/languages/xx-nope/statistics/').expect(404);
      expect(res.body.detail).toBe('Language not found.');
    });
  });
});
