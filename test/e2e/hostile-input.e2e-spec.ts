import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/** Input no client should send, answered with a 400 and a detail: never a server error, never stored. */
describe('hostile input', () => {
  let t: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  const sendJson = (method: 'post' | 'put' | 'patch', path: string, body: string) =>
    t.http()[method](path).set('Authorization', admin.auth).set('Content-Type', 'application/json').send(body);

  async function projectCount(): Promise<number> {
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM projects');
    return count;
  }

  describe('a body that is not a dictionary', () => {
    it.each([
      ['null', 'NoneType'],
      ['"x"', 'str'],
      ['[]', 'list'],
      ['1', 'int'],
      ['1.5', 'float'],
      ['true', 'bool'],
    ])('answers %s with "Expected a dictionary" on POST, PUT and PATCH', async (body, typeName) => {
      const project = await createProject(t);
      const detail = `Invalid data. Expected a dictionary, but got ${typeName}.`;
      for (const [method, path] of [
        ['post', '/api/projects/'],
        ['put', `/api/projects/${project.slug}/`],
        ['patch', `/api/projects/${project.slug}/`],
      ] as const) {
        const res = await sendJson(method, path, body);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          type: 'validation_error',
          errors: [{ code: 'invalid', detail, attr: 'non_field_errors' }],
        });
        expect(res.body.detail).toContain(detail);
      }
    });

    it('still takes a request without a body as an empty dictionary', async () => {
      const project = await createProject(t);
      await t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).expect(200);
    });
  });

  describe('deeply nested JSON', () => {
    it.each([
      ['arrays', `{"name": ${'['.repeat(10000)}${']'.repeat(10000)}}`],
      ['objects', `{"name": ${'{"a":'.repeat(10000)}1${'}'.repeat(10000)}}`],
    ])('refuses 10 000 levels of %s as a parse error, storing nothing', async (_kind, body) => {
      const before = await projectCount();
      const res = await sendJson('post', '/api/projects/', body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].code).toBe('parse_error');
      expect(res.body.detail).toMatch(/nesting deeper than 32 levels/);
      expect(await projectCount()).toBe(before);
    });

    it('counts brackets inside strings as text, not as nesting', async () => {
      const name = '['.repeat(50);
      const res = await sendJson('post', '/api/projects/', JSON.stringify({ name, slug: 'brackets', web: 'https://example.org/' }));
      expect(res.status).toBe(201);
      expect(res.body.name).toBe(name);
    });
  });

  describe('NUL characters', () => {
    it.each([
      ['/api/projects/a%00b/', null],
      ['/api/projects/a%00b/components/', null],
      ['/api/components/a%00b/c/', null],
      ['/api/translations/a/b/c%00/', null],
      ['/api/languages/cs%00/', null],
      ['/api/users/a%00b/', null],
      ['/api/units/?q=source:%00', 'q'],
      ['/api/projects/?page=1%00', 'page'],
    ])('in the URL %s is a 400 naming the query parameter holding it', async (path, attr) => {
      const res = await t.http().get(path).set('Authorization', admin.auth);
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ code: 'null_characters_not_allowed', detail: 'Null characters are not allowed.', attr }]);
    });

    it('in a body field is a 400 naming the field, and nothing is stored', async () => {
      const before = await projectCount();
      const res = await t.http().post('/api/projects/').set('Authorization', admin.auth)
        .send({ name: 'a\u0000b', slug: 'nul-name', web: 'https://example.org/' });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ code: 'null_characters_not_allowed', detail: 'Null characters are not allowed.', attr: 'name' }]);
      expect(await projectCount()).toBe(before);
    });

    it('in a nested value or a form field is a 400 too', async () => {
      const project = await createProject(t);
      const nested = await sendJson('patch', `/api/projects/${project.slug}/`, JSON.stringify({ check_flags: ['ok', 'x\u0000'] }));
      expect(nested.status).toBe(400);
      expect(nested.body.errors[0].attr).toBe('check_flags.1');
      const form = await t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).type('form').send('name=a%00b');
      expect(form.status).toBe(400);
      expect(form.body.errors[0].attr).toBe('name');
    });
  });

  describe('control characters in names', () => {
    it.each(['a\u2028b', 'a\u2029b', 'a\nb', 'a\u0007b', 'a\u0085b'])('refuses %j as a project, group and label name', async (name) => {
      const project = await createProject(t);
      const attempts = [
        t.http().post('/api/projects/').set('Authorization', admin.auth).send({ name, slug: 'ctl', web: 'https://example.org/' }),
        t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).send({ name }),
        t.http().post('/api/groups/').set('Authorization', admin.auth).send({ name }),
        t.http().post(`/api/projects/${project.slug}/labels/`).set('Authorization', admin.auth).send({ name, color: 'red' }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ code: 'invalid', detail: 'Control characters are not allowed.', attr: 'name' }]);
      }
      const stored = await t.http().get(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).expect(200);
      expect(stored.body.name).toBe(project.name);
    });

    it('keeps other Unicode in names', async () => {
      const res = await t.http().post('/api/projects/').set('Authorization', admin.auth).send({ name: 'Čeština ✓ 日本', slug: 'unicode', web: 'https://example.org/' });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('Čeština ✓ 日本');
    });
  });

  describe('unit search expressions', () => {
    it.each([
      ['nested parentheses', `${'('.repeat(1000)}source:a${')'.repeat(1000)}`, /nested too deeply/],
      ['chained NOTs', `${'NOT '.repeat(1000)}source:a`, /nested too deeply/],
      ['chained ORs', Array.from({ length: 300 }, (_, i) => `source:w${i}`).join(' OR '), /Too many clauses/],
      ['implicit ANDs', Array.from({ length: 1000 }, (_, i) => `w${i}`).join(' '), /Too many clauses/],
    ])('refuses %s with a 400 naming the limit', async (_kind, q, message) => {
      const res = await t.http().get('/api/units/').query({ q }).set('Authorization', admin.auth);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(message);
    });
  });

  describe('oversized request lines and headers', () => {
    it('answers a 40 kB query string with 431 and a JSON detail', async () => {
      const q = Array.from({ length: 5000 }, (_, i) => `w${i}`).join(' OR ');
      expect(q.length).toBeGreaterThan(40_000);
      const res = await t.http().get('/api/units/').query({ q }).set('Authorization', admin.auth);
      expect(res.status).toBe(431);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toMatchObject({ detail: expect.stringContaining('16 KB'), errors: [{ code: 'request_header_too_large', attr: null }] });
    });

    it('answers an oversized header with 431 and a JSON detail', async () => {
      const res = await t.http().get('/api/').set('X-Padding', 'p'.repeat(20_000));
      expect(res.status).toBe(431);
      expect(res.body.detail).toMatch(/too large/);
    });
  });

  describe('paths inside the repository', () => {
    const ABSOLUTE = 'The filename can not be an absolute path.';
    const PARENT = 'The filename can not contain reference to a parent directory.';

    it.each([
      ['filemask', '../*.po', PARENT],
      ['filemask', 'po/../../*.po', PARENT],
      ['template', '/etc/passwd', ABSOLUTE],
      ['new_base', '..\\base.pot', PARENT],
      ['intermediate', 'C:/intermediate.po', ABSOLUTE],
      ['template', '\\\\server\\share\\en.po', ABSOLUTE],
    ])('refuses %s %j on creation, PATCH and PUT, changing nothing', async (field, value, detail) => {
      const project = await createProject(t);
      const component = await createComponent(t, project);
      const fields = { name: 'Paths', slug: 'paths', repo: 'https://git.example.org/repo.git', filemask: 'po/*.po', file_format: 'po' };
      const attempts = [
        t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth).send({ ...fields, [field]: value }),
        t.http().patch(`/api/components/${project.slug}/${component.slug}/`).set('Authorization', admin.auth).send({ [field]: value }),
        t.http().put(`/api/components/${project.slug}/${component.slug}/`).set('Authorization', admin.auth).send({ ...fields, slug: component.slug, [field]: value }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ code: 'invalid', detail, attr: field }]);
      }
      const stored = await t.http().get(`/api/components/${project.slug}/${component.slug}/`).set('Authorization', admin.auth).expect(200);
      expect(stored.body.filemask).toBe('po/*.po');
      expect(stored.body.template).toBe('');
      await t.http().get(`/api/components/${project.slug}/paths/`).set('Authorization', admin.auth).expect(404);
    });

    it('accepts relative paths, dots inside names and an empty template', async () => {
      const project = await createProject(t);
      const component = await createComponent(t, project);
      const res = await t.http().patch(`/api/components/${project.slug}/${component.slug}/`).set('Authorization', admin.auth)
        .send({ filemask: 'locale/*/LC_MESSAGES/app..po', template: '', new_base: './po/app.pot' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ filemask: 'locale/*/LC_MESSAGES/app..po', template: '', new_base: './po/app.pot' });
    });
  });

  describe('component regular expressions', () => {
    it.each([
      ['language_regex', '^(cs|de'],
      ['language_regex', '(?=cs)'],
      ['variant_regex', '[a-z'],
    ])('refuses %s %j, which the RE2 engine cannot compile, on creation and PATCH', async (field, pattern) => {
      const project = await createProject(t);
      const component = await createComponent(t, project);
      const fields = { name: 'Regex', slug: 'regex', repo: 'https://git.example.org/repo.git', filemask: 'po/*.po', file_format: 'po' };
      const read = () => t.http().get(`/api/components/${project.slug}/${component.slug}/`).set('Authorization', admin.auth).expect(200);
      const before = (await read()).body[field];
      for (const res of [
        await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth).send({ ...fields, [field]: pattern }),
        await t.http().patch(`/api/components/${project.slug}/${component.slug}/`).set('Authorization', admin.auth).send({ [field]: pattern }),
      ]) {
        expect(res.status).toBe(400);
        expect(res.body.errors).toEqual([{ code: 'invalid', detail: expect.stringMatching(/^Invalid regular expression: .+\.$/), attr: field }]);
      }
      expect((await read()).body[field]).toBe(before);
    });

    it('stores a pattern RE2 compiles', async () => {
      const project = await createProject(t);
      const component = await createComponent(t, project);
      const res = await t.http().patch(`/api/components/${project.slug}/${component.slug}/`).set('Authorization', admin.auth)
        .send({ language_regex: '^(cs|de)$', variant_regex: '(?P<variant>@\\w+)$' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ language_regex: '^(cs|de)$', variant_regex: '(?P<variant>@\\w+)$' });
    });
  });
});
