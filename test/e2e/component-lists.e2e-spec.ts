import { ProjectSelection } from '../../src/auth/permissions.data';
import { ComponentList } from '../../src/component-lists/component-list.entity';
import { UrlBuilder } from '../../src/core/urls/url-builder';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { createComponentList } from '../factories/component-list.factory';
import { createComponent } from '../factories/component.factory';
import { createTranslation } from '../factories/translation.factory';
import { createGroup, grantPermissions } from '../factories/group.factory';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createRole } from '../factories/role.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const LIST_KEYS = ['name', 'slug', 'id', 'show_dashboard', 'components', 'auto_assign', 'url'];
const HOST = 'component-lists.test';

describe('component lists', () => {
  let t: TestApp;
  let superuser: UserWithToken;
  let plain: UserWithToken;
  let editor: UserWithToken;
  const urls = new UrlBuilder(`http://${HOST}`);

  beforeAll(async () => {
    t = await createTestApp();
    superuser = await createUser(t, { isSuperuser: true });
    plain = await createUser(t);
    editor = await createUser(t);
    await grantPermissions(t, editor.user, ['componentlist.edit']);
  });

  afterAll(() => t.close());

  const http = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, auth?: string) => {
    const req = t.http()[method](path).set('Host', HOST);
    return auth ? req.set('Authorization', auth) : req;
  };
  const findList = (id: number) => t.dataSource.getRepository(ComponentList).findOne({ where: { id }, relations: { rules: true } });
  const componentUrl = (project: Project, slug: string) => urls.component(project.slug, slug);

  describe('reading', () => {
    it('serves a list to anonymous callers with its components as URLs', async () => {
      const project = await createProject(t);
      const component = await createComponent(t, project);
      const list = await createComponentList(t, { components: [component], showDashboard: false });
      const res = await http('get', `/api/component-lists/${list.slug}/`).expect(200);
      expect(Object.keys(res.body)).toEqual(LIST_KEYS);
      expect(res.body).toEqual({
        name: list.name,
        slug: list.slug,
        id: list.id,
        show_dashboard: false,
        components: [componentUrl(project, component.slug)],
        auto_assign: [],
        url: urls.componentList(list.slug),
      });
      const page = await http('get', '/api/component-lists/?page_size=1000').expect(200);
      expect(Object.keys(page.body)).toEqual(['count', 'next', 'previous', 'results']);
      expect(page.body.results).toContainEqual(res.body);
    });

    it('shows only the components the caller can see, and hides a list made only of hidden ones', async () => {
      const open = await createProject(t);
      const hidden = await createProject(t, { accessControl: AccessControl.Private });
      const visible = await createComponent(t, open);
      const secret = await createComponent(t, hidden);
      const mixed = await createComponentList(t, { components: [visible, secret] });
      const secretOnly = await createComponentList(t, { components: [secret] });

      const asPlain = await http('get', `/api/component-lists/${mixed.slug}/`, plain.auth).expect(200);
      expect(asPlain.body.components).toEqual([componentUrl(open, visible.slug)]);
      const asSuperuser = await http('get', `/api/component-lists/${mixed.slug}/`, superuser.auth).expect(200);
      expect(asSuperuser.body.components).toEqual([componentUrl(open, visible.slug), componentUrl(hidden, secret.slug)]);

      await http('get', `/api/component-lists/${secretOnly.slug}/`).expect(404);
      await http('get', `/api/component-lists/${secretOnly.slug}/components/`, plain.auth).expect(404);
      await http('get', `/api/component-lists/${secretOnly.slug}/`, superuser.auth).expect(200);
      const slugs = (await http('get', '/api/component-lists/?page_size=1000').expect(200)).body.results.map((l: { slug: string }) => l.slug);
      expect(slugs).toContain(mixed.slug);
      expect(slugs).not.toContain(secretOnly.slug);
    });

    it('pages the visible members as full component objects', async () => {
      const open = await createProject(t);
      const hidden = await createProject(t, { accessControl: AccessControl.Private });
      const first = await createComponent(t, open);
      const second = await createComponent(t, open);
      const list = await createComponentList(t, { components: [first, second, await createComponent(t, hidden)] });
      const res = await http('get', `/api/component-lists/${list.slug}/components/?page_size=1`).expect(200);
      expect(res.body).toMatchObject({ count: 2, previous: null, results: [{ id: first.id, slug: first.slug, url: componentUrl(open, first.slug) }] });
      expect(res.body.next).toContain('page=2');
      expect(res.body.results[0].project).toMatchObject({ slug: open.slug });
    });

    it('shows a project-scoped key only the members in its own project', async () => {
      const project = await createProject(t, { accessControl: AccessControl.Private });
      const other = await createProject(t);
      const inside = await createComponent(t, project);
      const list = await createComponentList(t, { components: [inside, await createComponent(t, other)] });
      const admin = await createUser(t);
      await joinProjectTeam(t, admin.user.id, project, 'Administration');
      const [{ id: translate }] = await t.dataSource.query("SELECT id FROM groups WHERE defining_project_id = $1 AND name = 'Translate'", [project.id]);
      const key = await http('post', `/api/projects/${project.slug}/tokens/`, admin.auth).send({ name: 'Lists', teams: [translate] }).expect(201);
      const res = await http('get', `/api/component-lists/${list.slug}/`, `Token ${key.body.token}`).expect(200);
      expect(res.body.components).toEqual([componentUrl(project, inside.slug)]);
    });

    it('sums the statistics of the translations of the components the caller can see', async () => {
      const open = await createProject(t);
      const hidden = await createProject(t, { accessControl: AccessControl.Private });
      const visible = await createComponent(t, open);
      const secret = await createComponent(t, hidden);
      await createTranslation(t, visible, 'cs', { total: 10, translated: 4, totalWords: 30, translatedWords: 12 });
      await createTranslation(t, secret, 'de', { total: 6, translated: 6, totalWords: 6, translatedWords: 6 });
      const list = await createComponentList(t, { components: [visible, secret] });
      const asPlain = await http('get', `/api/component-lists/${list.slug}/statistics/`, plain.auth).expect(200);
      expect(asPlain.body).toMatchObject({ name: list.name, total: 10, translated: 4, translated_words: 12, translated_percent: 40 });
      const asSuperuser = await http('get', `/api/component-lists/${list.slug}/statistics/`, superuser.auth).expect(200);
      expect(asSuperuser.body).toMatchObject({ total: 16, translated: 10, translated_percent: 62.5 });
    });

    it('answers an unknown slug with 404', async () => {
      await http('get', '/api/component-lists/no-such-list/').expect(404);
      await http('get', '/api/component-lists/no-such-list/statistics/').expect(404);
      await http('get', '/api/component-lists/no-such-list/components/').expect(404);
    });
  });

  describe('writing', () => {
    it('answers anonymous callers with 401 and plain users with 403', async () => {
      const list = await createComponentList(t);
      const component = await createComponent(t, await createProject(t));
      for (const [auth, status] of [[undefined, 401], [plain.auth, 403]] as const) {
        await http('post', '/api/component-lists/', auth).send({ name: 'Nope', slug: 'nope' }).expect(status);
        await http('put', `/api/component-lists/${list.slug}/`, auth).send({ name: 'Nope', slug: 'nope' }).expect(status);
        await http('patch', `/api/component-lists/${list.slug}/`, auth).send({ name: 'Nope' }).expect(status);
        await http('delete', `/api/component-lists/${list.slug}/`, auth).expect(status);
        await http('post', `/api/component-lists/${list.slug}/components/`, auth).send({ component_id: component.id }).expect(status);
        await http('delete', `/api/component-lists/${list.slug}/components/${component.slug}/`, auth).expect(status);
      }
      expect(await findList(list.id)).toMatchObject({ name: list.name, slug: list.slug });
    });

    it('creates a list from a form body, showing it on the dashboard by default', async () => {
      const res = await http('post', '/api/component-lists/', editor.auth).type('form').send('name=Formed+list&slug=formed-list').expect(201);
      expect(Object.keys(res.body)).toEqual(LIST_KEYS);
      expect(res.body).toMatchObject({ name: 'Formed list', slug: 'formed-list', show_dashboard: true, components: [], auto_assign: [] });
      expect(res.body.url).toBe(`http://${HOST}/api/component-lists/formed-list/`);
      expect(await findList(res.body.id)).toMatchObject({ name: 'Formed list', showDashboard: true, rules: [] });
    });

    it('rejects missing, malformed and duplicate fields on the field', async () => {
      const taken = await createComponentList(t);
      const cases: [Record<string, unknown>, { code: string; detail: unknown; attr: string }[]][] = [
        [{ slug: 'only-slug' }, [{ code: 'required', detail: 'This field is required.', attr: 'name' }]],
        [{ name: 'Bad slug', slug: 'not a slug' }, [{ code: 'invalid', detail: expect.stringContaining('Enter a valid "slug"'), attr: 'slug' }]],
        [{ name: 'x'.repeat(101), slug: 'long' }, [{ code: 'max_length', detail: 'Ensure this field has no more than 100 characters.', attr: 'name' }]],
        [{ name: 'Flag', slug: 'flag', show_dashboard: 'maybe' }, [{ code: 'invalid', detail: 'Must be a valid boolean.', attr: 'show_dashboard' }]],
        [
          { name: taken.name, slug: taken.slug },
          [
            { code: 'unique', detail: 'Component list with this name already exists.', attr: 'name' },
            { code: 'unique', detail: 'Component list with this slug already exists.', attr: 'slug' },
          ],
        ],
      ];
      for (const [body, errors] of cases) {
        const res = await http('post', '/api/component-lists/', superuser.auth).send(body).expect(400);
        expect(res.body.errors).toEqual(errors);
      }
    });

    it('requires name and slug on PUT, changes single fields on PATCH and follows a new slug', async () => {
      const list = await createComponentList(t);
      const missing = await http('put', `/api/component-lists/${list.slug}/`, editor.auth).send({ name: 'Only name' }).expect(400);
      expect(missing.body.errors).toEqual([{ code: 'required', detail: 'This field is required.', attr: 'slug' }]);
      const patched = await http('patch', `/api/component-lists/${list.slug}/`, editor.auth).send({ show_dashboard: false }).expect(200);
      expect(patched.body).toMatchObject({ name: list.name, slug: list.slug, show_dashboard: false });
      const renamed = await http('put', `/api/component-lists/${list.slug}/`, editor.auth).send({ name: `${list.name} 2`, slug: `${list.slug}-2` }).expect(200);
      expect(renamed.body).toMatchObject({ name: `${list.name} 2`, show_dashboard: false, url: urls.componentList(`${list.slug}-2`) });
      await http('get', `/api/component-lists/${list.slug}/`).expect(404);
      const same = await http('patch', `/api/component-lists/${list.slug}-2/`, editor.auth).send({ name: `${list.name} 2` }).expect(200);
      expect(same.body.id).toBe(list.id);
    });

    it('deletes a list with its memberships', async () => {
      const list = await createComponentList(t, { components: [await createComponent(t, await createProject(t))] });
      await http('delete', `/api/component-lists/${list.slug}/`, editor.auth).expect(204);
      expect(await findList(list.id)).toBeNull();
      expect(await t.dataSource.query('SELECT 1 FROM component_list_components WHERE list_id = $1', [list.id])).toEqual([]);
      await http('delete', `/api/component-lists/${list.slug}/`, editor.auth).expect(404);
    });
  });

  describe('members', () => {
    it('adds a component by id and removes it by slug', async () => {
      const project = await createProject(t);
      const component = await createComponent(t, project);
      const list = await createComponentList(t);
      const added = await http('post', `/api/component-lists/${list.slug}/components/`, editor.auth).type('form').send(`component_id=${component.id}`).expect(200);
      expect(Object.keys(added.body)).toEqual(LIST_KEYS);
      expect(added.body.components).toEqual([componentUrl(project, component.slug)]);
      await http('post', `/api/component-lists/${list.slug}/components/`, editor.auth).send({ component_id: component.id }).expect(200);
      const read = await http('get', `/api/component-lists/${list.slug}/components/`).expect(200);
      expect(read.body.results.map((c: { id: number }) => c.id)).toEqual([component.id]);
      await http('delete', `/api/component-lists/${list.slug}/components/${component.slug}/`, editor.auth).expect(204);
      expect((await http('get', `/api/component-lists/${list.slug}/`).expect(200)).body.components).toEqual([]);
      await http('delete', `/api/component-lists/${list.slug}/components/${component.slug}/`, editor.auth).expect(404);
    });

    it('removes every member sharing the slug across projects', async () => {
      const [a, b] = [await createProject(t), await createProject(t)];
      const list = await createComponentList(t, { components: [await createComponent(t, a, { slug: 'shared' }), await createComponent(t, b, { slug: 'shared' })] });
      await http('delete', `/api/component-lists/${list.slug}/components/shared/`, superuser.auth).expect(204);
      expect(await t.dataSource.query('SELECT 1 FROM component_list_components WHERE list_id = $1', [list.id])).toEqual([]);
    });

    it('rejects a missing, malformed, unknown or invisible component_id on the field', async () => {
      const list = await createComponentList(t);
      const secret = await createComponent(t, await createProject(t, { accessControl: AccessControl.Private }));
      // The editor's group selects all projects; this one's selects none, so the private project stays hidden.
      const limited = await createUser(t);
      const role = await createRole(t, { permissions: ['componentlist.edit'] });
      await createGroup(t, { roles: [role], projectSelection: ProjectSelection.AsDefined, members: [limited.user] });
      const cases: [Record<string, unknown>, string, string][] = [
        [{}, 'required', 'This field is required.'],
        [{ component_id: 'abc' }, 'invalid', 'A valid integer is required.'],
        [{ component_id: 2147483647 }, 'invalid', 'Component not found.'],
        [{ component_id: 99999999999 }, 'invalid', 'Component not found.'],
        [{ component_id: secret.id }, 'invalid', 'Component not found.'],
      ];
      for (const [body, code, detail] of cases) {
        const res = await http('post', `/api/component-lists/${list.slug}/components/`, limited.auth).send(body).expect(400);
        expect(res.body.errors).toEqual([{ code, detail, attr: 'component_id' }]);
      }
      await http('post', `/api/component-lists/${list.slug}/components/`, editor.auth).send({ component_id: secret.id }).expect(200);
    });
  });

  describe('automatic assignment', () => {
    it('makes components whose project and slug match a rule members, anchored at the start', async () => {
      const project = await createProject(t);
      const other = await createProject(t);
      const docs = await createComponent(t, project, { slug: 'docs-app' });
      await createComponent(t, project, { slug: 'old-docs' });
      await createComponent(t, other, { slug: 'docs-other' });
      const rule = { project_match: `^${project.slug}$`, component_match: 'docs' };
      const res = await http('post', '/api/component-lists/', editor.auth).send({ name: 'Docs', slug: 'docs', auto_assign: [rule] }).expect(201);
      expect(res.body).toMatchObject({ auto_assign: [rule], components: [componentUrl(project, docs.slug)] });

      const later = await createComponent(t, project, { slug: 'docs-later' });
      const read = await http('get', '/api/component-lists/docs/components/').expect(200);
      expect(read.body.results.map((c: { id: number }) => c.id)).toEqual([docs.id, later.id]);
    });

    it('replaces the rules when auto_assign is sent and keeps them otherwise', async () => {
      const project = await createProject(t);
      const component = await createComponent(t, project);
      const list = await createComponentList(t, { rules: [{ projectMatch: project.slug, componentMatch: component.slug }] });
      const kept = await http('patch', `/api/component-lists/${list.slug}/`, editor.auth).send({ name: `${list.name} kept` }).expect(200);
      expect(kept.body.auto_assign).toEqual([{ project_match: project.slug, component_match: component.slug }]);
      expect(kept.body.components).toEqual([componentUrl(project, component.slug)]);
      const form = await http('patch', `/api/component-lists/${list.slug}/`, editor.auth)
        .type('form')
        .send({ auto_assign: JSON.stringify([{ project_match: project.slug }]) })
        .expect(200);
      expect(form.body).toMatchObject({ auto_assign: [{ project_match: project.slug, component_match: '^$' }], components: [] });
      const cleared = await http('patch', `/api/component-lists/${list.slug}/`, editor.auth).send({ auto_assign: [] }).expect(200);
      expect(cleared.body.auto_assign).toEqual([]);
    });

    it('rejects rules that are not lists of valid regular expressions', async () => {
      const list = await createComponentList(t);
      const cases: [unknown, string, string, string][] = [
        ['not json', 'auto_assign', 'invalid', 'Expected a list of items.'],
        [{ project_match: '.*', component_match: '.*' }, 'auto_assign', 'invalid', 'Expected a list of items.'],
        [['rule'], 'auto_assign.0', 'invalid', 'Expected a dictionary with project_match and component_match.'],
        [[{ project_match: '(', component_match: '.*' }], 'auto_assign.0.project_match', 'invalid', 'Compilation failed: '],
        [[{ project_match: '.*', component_match: 'x'.repeat(201) }], 'auto_assign.0.component_match', 'max_length', 'no more than 200 characters'],
        // Valid for JavaScript, refused by PostgreSQL, which does the matching.
        [[{ project_match: '.*', component_match: '.*' }, { project_match: '\\p{L}', component_match: 'x' }], 'auto_assign.1.project_match', 'invalid', 'Compilation failed: '],
      ];
      for (const [autoAssign, attr, code, detail] of cases) {
        const res = await http('patch', `/api/component-lists/${list.slug}/`, editor.auth).send({ auto_assign: autoAssign }).expect(400);
        expect(res.body.errors).toEqual([{ code, detail: expect.stringContaining(detail), attr }]);
      }
      expect((await findList(list.id))?.rules).toEqual([]);
    });
  });

  describe('groups selecting projects from component lists', () => {
    it('lets members reach the private projects of the listed components, and no others', async () => {
      const user = await createUser(t);
      const listed = await createProject(t, { accessControl: AccessControl.Private });
      const byRule = await createProject(t, { accessControl: AccessControl.Private });
      const unlisted = await createProject(t, { accessControl: AccessControl.Private });
      const component = await createComponent(t, listed);
      const ruled = await createComponent(t, byRule, { slug: 'ruled' });
      const elsewhere = await createComponent(t, unlisted);
      const group = await createGroup(t, { projectSelection: ProjectSelection.ComponentLists, members: [user.user] });

      await http('get', `/api/components/${listed.slug}/${component.slug}/`, user.auth).expect(404);
      await createComponentList(t, { components: [component], groups: [group] });
      await createComponentList(t, { rules: [{ projectMatch: byRule.slug, componentMatch: 'rul' }], groups: [group] });

      await http('get', `/api/components/${listed.slug}/${component.slug}/`, user.auth).expect(200);
      await http('get', `/api/projects/${listed.slug}/`, user.auth).expect(200);
      await http('get', `/api/components/${byRule.slug}/${ruled.slug}/`, user.auth).expect(200);
      // As in Weblate, such a group covers the lists' projects instead of any added to it by hand.
      await t.dataSource.query('INSERT INTO group_projects (group_id, project_id) VALUES ($1, $2)', [group.id, unlisted.id]);
      await http('get', `/api/components/${unlisted.slug}/${elsewhere.slug}/`, user.auth).expect(404);
      await http('get', `/api/projects/${unlisted.slug}/`, user.auth).expect(404);
    });
  });
});
