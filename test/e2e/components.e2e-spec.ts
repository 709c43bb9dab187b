import { UrlBuilder } from '../../src/core/urls/url-builder';
import { AccessControl } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createUser } from '../factories/user.factory';
import { apiCall, Method } from '../support/api-call';
import { createTestApp, TestApp } from '../support/test-app';

const HOST = 'components.test';
const urls = new UrlBuilder(`http://${HOST}`);

/** What wlc reads from a component (reference/wlc-client.md); a missing key crashes it. */
const WLC_KEYS = [
  'url', 'web_url', 'name', 'slug', 'project', 'vcs', 'repo', 'git_export', 'branch', 'filemask', 'template', 'new_base', 'file_format',
  'license', 'license_url', 'repository_url', 'translations_url', 'statistics_url', 'lock_url', 'changes_list_url',
];

describe('components', () => {
  let t: TestApp;
  const call = (method: Method, path: string, auth?: string) => apiCall(t, HOST, method, path, auth);

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('serves a component with every key wlc reads and its project nested', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project, { repo: 'https://user:secret@git.example.org/r.git' });
    const res = await call('get', `/api/components/${project.slug}/${component.slug}/`).expect(200);
    for (const key of WLC_KEYS) expect(res.body).toHaveProperty(key);
    expect(res.body).toMatchObject({
      url: urls.component(project.slug, component.slug),
      project: { slug: project.slug, url: urls.project(project.slug) },
      source_language: { code: 'en', url: urls.language('en') },
      repo: 'https://git.example.org/r.git',
      lock_url: urls.componentPart(project.slug, component.slug, 'lock'),
      linked_component: null,
      task_url: null,
      priority: 100,
      merge_style: 'rebase',
    });
    expect(JSON.stringify(res.body)).not.toContain('secret');
  });

  it("shows the settings in effect: the component's own, its project's for the project", async () => {
    const project = await createProject(t, { license: 'MIT', checkFlags: 'safe-html' });
    const component = await createComponent(t, project, { license: 'GPL-3.0-or-later', checkFlags: 'rst-text', newLang: 'none', commitMessage: 'Update {{ language_name }}' });
    const res = await call('get', `/api/components/${project.slug}/${component.slug}/`).expect(200);
    expect(res.body).toMatchObject({
      effective_license: 'GPL-3.0-or-later',
      effective_check_flags: 'rst-text',
      effective_new_lang: 'none',
      effective_commit_message: 'Update {{ language_name }}',
      effective_secondary_language: null,
      project: { effective_license: 'MIT', effective_check_flags: 'safe-html', effective_new_lang: 'add', effective_language_code_style: '' },
    });
  });

  it('addresses a component inside categories by its double-encoded path', async () => {
    const project = await createProject(t);
    const [{ id: docs }] = await t.dataSource.query(`INSERT INTO categories (name, slug, project_id) VALUES ('Docs', 'docs', $1) RETURNING id`, [project.id]);
    const component = await createComponent(t, project, { slug: 'usage', name: 'Usage', categoryId: docs });
    const res = await call('get', `/api/components/${project.slug}/docs%252Fusage/`).expect(200);
    expect(res.body.url).toBe(`http://${HOST}/api/components/${project.slug}/docs%252Fusage/`);
    expect(res.body.category).toBe(urls.category(docs));
    await call('get', `/api/components/${project.slug}/docs%2Fusage/`).expect(200);
    await call('get', `/api/components/${project.slug}/usage/`).expect(404);
    expect(component.id).toBe(res.body.id);
  });

  it('lists visible components only', async () => {
    const open = await createProject(t);
    const hidden = await createProject(t, { accessControl: AccessControl.Private });
    const a = await createComponent(t, open);
    const b = await createComponent(t, hidden);
    const ids = (await call('get', '/api/components/?page_size=1000').expect(200)).body.results.map((c: { id: number }) => c.id);
    expect(ids).toContain(a.id);
    expect(ids).not.toContain(b.id);
    await call('get', `/api/components/${hidden.slug}/${b.slug}/`).expect(404);
  });

  it('edits settings with PATCH for component.edit holders only, validating choices', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    const path = `/api/components/${project.slug}/${component.slug}/`;
    const admin = await createUser(t);
    await joinProjectTeam(t, admin.user.id, project, 'Administration');
    const translator = await createUser(t);
    await joinProjectTeam(t, translator.user.id, project, 'Translate');

    await call('patch', path, translator.auth).send({ name: 'x' }).expect(403);
    const res = await call('patch', path, admin.auth).send({ name: 'Renamed', priority: 80, push_on_commit: false, source_language: { code: 'cs' } }).expect(200);
    expect(res.body).toMatchObject({ name: 'Renamed', priority: 80, push_on_commit: false, source_language: { code: 'cs' } });
    const bad = await call('patch', path, admin.auth).send({ merge_style: 'squash', priority: 7, source_language: 'xx-none', filemask: 'po/fixed.po' }).expect(400);
    expect(bad.body.errors.map((e: { attr: string }) => e.attr).sort()).toEqual(['merge_style', 'priority']);
    expect((await call('patch', path, admin.auth).send({ source_language: 'xx-none' }).expect(400)).body.errors[0].attr).toBe('source_language.code');
    expect((await call('patch', path, admin.auth).send({ filemask: 'po/fixed.po' }).expect(400)).body.errors[0].attr).toBe('filemask');
  });

  it('locks and unlocks with the integers wlc sends', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    const lock = `/api/components/${project.slug}/${component.slug}/lock/`;
    const admin = await createUser(t, { isSuperuser: true });
    expect((await call('get', lock).expect(200)).body).toEqual({ locked: false });
    expect((await call('post', lock, admin.auth).send({ lock: 1 }).expect(200)).body).toEqual({ locked: true });
    expect((await call('get', lock).expect(200)).body).toEqual({ locked: true });
    expect((await call('post', lock, admin.auth).send({ lock: 0 }).expect(200)).body).toEqual({ locked: false });
    await call('post', lock, admin.auth).send({ lock: 'maybe' }).expect(400);
    const viewer = await createUser(t);
    await call('post', lock, viewer.auth).send({ lock: true }).expect(403);
  });

  it('shares a component with another project through links', async () => {
    const home = await createProject(t);
    const guest = await createProject(t);
    const component = await createComponent(t, home);
    const links = `/api/components/${home.slug}/${component.slug}/links/`;
    const admin = await createUser(t, { isSuperuser: true });
    const res = await call('post', links, admin.auth).type('form').send({ project_slug: guest.slug }).expect(201);
    expect(res.body.projects.map((p: { slug: string }) => p.slug)).toEqual([guest.slug]);
    const listed = await call('get', `/api/projects/${guest.slug}/components/`).expect(200);
    expect(listed.body.results.map((c: { id: number }) => c.id)).toContain(component.id);
    await call('delete', `${links}${guest.slug}/`, admin.auth).expect(204);
    expect((await call('get', links).expect(200)).body.projects).toEqual([]);
    await call('post', links, admin.auth).send({ project_slug: 'nope' }).expect(400);
  });
});
