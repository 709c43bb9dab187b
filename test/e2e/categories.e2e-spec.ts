import { UrlBuilder } from '../../src/core/urls/url-builder';
import { AccessControl } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createUser } from '../factories/user.factory';
import { apiCall, Method } from '../support/api-call';
import { createTestApp, TestApp } from '../support/test-app';

const HOST = 'categories.test';
const urls = new UrlBuilder(`http://${HOST}`);

describe('categories', () => {
  let t: TestApp;
  const call = (method: Method, path: string, auth?: string) => apiCall(t, HOST, method, path, auth);

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('creates nested categories and lists them under the project', async () => {
    const project = await createProject(t, { license: 'MIT', checkFlags: 'safe-html' });
    const admin = await createUser(t, { isSuperuser: true });
    const docs = await call('post', '/api/categories/', admin.auth).send({ name: 'Docs', slug: 'docs', project: urls.project(project.slug) }).expect(201);
    expect(docs.body).toMatchObject({
      id: docs.body.id,
      name: 'Docs',
      slug: 'docs',
      project: urls.project(project.slug),
      category: null,
      url: urls.category(docs.body.id),
      statistics_url: urls.categoryStatistics(docs.body.id),
    });
    // A category has its project's settings in effect.
    expect(docs.body).toMatchObject({ effective_license: 'MIT', effective_check_flags: 'safe-html', effective_new_lang: 'add', effective_secondary_language: null });
    expect(docs.body.effective_commit_message).toContain('Translation: {{ project_name }}/{{ component_name }}');
    const guides = await call('post', '/api/categories/', admin.auth)
      .type('form')
      .send({ name: 'Guides', slug: 'guides', project: urls.project(project.slug), category: docs.body.url })
      .expect(201);
    expect(guides.body.category).toBe(docs.body.url);

    const listed = await call('get', `/api/projects/${project.slug}/categories/`).expect(200);
    expect(listed.body.results.map((c: { slug: string }) => c.slug).sort()).toEqual(['docs', 'guides']);
    expect(listed.body.results.map((c: { effective_license: string }) => c.effective_license)).toEqual(['MIT', 'MIT']);
    // page=last resolves to the last page, as on every list.
    const last = await call('get', `/api/projects/${project.slug}/categories/?page=last&page_size=1`).expect(200);
    expect(last.body).toMatchObject({ count: 2, next: null, results: [{ slug: listed.body.results[1].slug }] });
    expect(last.body.previous).toContain('page_size=1');
    await call('get', `/api/categories/${guides.body.id}/`).expect(200);
  });

  it('keeps slugs unique among siblings but allows them elsewhere', async () => {
    const project = await createProject(t);
    const admin = await createUser(t, { isSuperuser: true });
    const body = { name: 'Docs', slug: 'docs', project: urls.project(project.slug) };
    const first = await call('post', '/api/categories/', admin.auth).send(body).expect(201);
    const dup = await call('post', '/api/categories/', admin.auth).send(body).expect(400);
    expect(dup.body.errors.map((e: { attr: string }) => e.attr).sort()).toEqual(['name', 'slug']);
    await call('post', '/api/categories/', admin.auth).send({ ...body, category: first.body.url }).expect(201);
  });

  it('refuses a slug a component of the same level uses, in either direction, as Weblate does', async () => {
    const project = await createProject(t);
    const admin = await createUser(t, { isSuperuser: true });
    const component = await createComponent(t, project);
    const clash = await call('post', '/api/categories/', admin.auth).send({ name: 'Clash', slug: component.slug, project: urls.project(project.slug) }).expect(400);
    expect(clash.body.errors).toEqual([{ code: 'unique', detail: 'Component with the same URL slug already exists.', attr: 'slug' }]);

    const docs = await call('post', '/api/categories/', admin.auth).send({ name: 'Docs', slug: 'docs', project: urls.project(project.slug) }).expect(201);
    const renamed = await call('patch', `/api/categories/${docs.body.id}/`, admin.auth).send({ slug: component.slug }).expect(400);
    expect(renamed.body.detail).toBe('slug: Component with the same URL slug already exists.');
    const moved = await call('patch', `/api/components/${project.slug}/${component.slug}/`, admin.auth).send({ slug: 'docs' }).expect(400);
    expect(moved.body.errors).toEqual([{ code: 'unique', detail: 'Category with the same URL slug already exists.', attr: 'slug' }]);
    // Inside the category the slug is free: the paths differ.
    await call('post', '/api/categories/', admin.auth).send({ name: 'Inner', slug: component.slug, project: urls.project(project.slug), category: docs.body.url }).expect(201);
    expect((await call('get', `/api/categories/${docs.body.id}/`, admin.auth).expect(200)).body.slug).toBe('docs');
  });

  it('refuses nesting deeper than three levels and cycles', async () => {
    const project = await createProject(t);
    const admin = await createUser(t, { isSuperuser: true });
    let parent: string | undefined;
    const made: string[] = [];
    for (const slug of ['a', 'b', 'c']) {
      const res = await call('post', '/api/categories/', admin.auth).send({ name: slug, slug, project: urls.project(project.slug), category: parent }).expect(201);
      parent = res.body.url;
      made.push(res.body.url);
    }
    const tooDeep = await call('post', '/api/categories/', admin.auth).send({ name: 'd', slug: 'd', project: urls.project(project.slug), category: parent }).expect(400);
    expect(tooDeep.body.errors[0].attr).toBe('category');
    const topId = made[0].split('/').filter(Boolean).pop();
    const cycle = await call('patch', `/api/categories/${topId}/`, admin.auth).send({ category: made[1] }).expect(400);
    expect(cycle.body.errors[0].attr).toBe('category');
  });

  it('needs project.edit on the project, and hides private projects\' categories', async () => {
    const hidden = await createProject(t, { accessControl: AccessControl.Private });
    const open = await createProject(t);
    const translator = await createUser(t);
    await joinProjectTeam(t, translator.user.id, open, 'Translate');
    const outsider = await createUser(t);
    const admin = await createUser(t, { isSuperuser: true });
    const secret = await call('post', '/api/categories/', admin.auth).send({ name: 'S', slug: 's', project: urls.project(hidden.slug) }).expect(201);

    await call('post', '/api/categories/', translator.auth).send({ name: 'X', slug: 'x', project: urls.project(open.slug) }).expect(403);
    const unknown = await call('post', '/api/categories/', outsider.auth).send({ name: 'X', slug: 'x', project: urls.project(hidden.slug) }).expect(400);
    expect(unknown.body.errors[0]).toMatchObject({ attr: 'project', code: 'does_not_exist' });
    await call('get', `/api/categories/${secret.body.id}/`, outsider.auth).expect(404);
    await call('delete', `/api/categories/${secret.body.id}/`, outsider.auth).expect(404);
    const all = await call('get', '/api/categories/?page_size=1000', outsider.auth).expect(200);
    expect(all.body.results.map((c: { id: number }) => c.id)).not.toContain(secret.body.id);
    await call('post', '/api/categories/').send({ name: 'X', slug: 'x', project: urls.project(open.slug) }).expect(401);
  });

  it('renames with PATCH, refuses moving to another project, and deletes with its subcategories', async () => {
    const project = await createProject(t);
    const other = await createProject(t);
    const admin = await createUser(t, { isSuperuser: true });
    const top = await call('post', '/api/categories/', admin.auth).send({ name: 'Top', slug: 'top', project: urls.project(project.slug) }).expect(201);
    const child = await call('post', '/api/categories/', admin.auth).send({ name: 'Child', slug: 'child', project: urls.project(project.slug), category: top.body.url }).expect(201);
    const renamed = await call('patch', `/api/categories/${top.body.id}/`, admin.auth).send({ name: 'Renamed' }).expect(200);
    expect(renamed.body.name).toBe('Renamed');
    await call('patch', `/api/categories/${top.body.id}/`, admin.auth).send({ project: urls.project(other.slug) }).expect(400);
    await call('delete', `/api/categories/${top.body.id}/`, admin.auth).expect(204);
    await call('get', `/api/categories/${child.body.id}/`).expect(404);
    await call('get', '/api/categories/abc/').expect(404);
  });
});
