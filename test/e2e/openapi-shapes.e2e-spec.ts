import { Component } from '../../src/components/component.entity';
import { createComponent } from '../factories/component.factory';
import { createComponentList } from '../factories/component-list.factory';
import { createGroup } from '../factories/group.factory';
import { createProject } from '../factories/project.factory';
import { createRole } from '../factories/role.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser } from '../factories/user.factory';
import { useGitTestEnv } from '../support/git-component';
import { OpenApiValidator, SchemaDeviation } from '../support/openapi-validator';
import { collectRoutePolicies } from '../support/route-policies';

const PO = (language: string, hello = '') =>
  `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n` +
  `msgid "Hello"\nmsgstr "${hello}"\n\nmsgid "Bye"\nmsgstr ""\n`;

/** A 1×1 transparent GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

type JsonSchema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `weblate#/components/schemas/${name}` });

/**
 * Where Weblate's schema and the API specification this server implements (its README) disagree, this server follows the
 * specification (or, where the specification is silent, what Weblate itself answers); each case is listed here.
 */
const DEVIATIONS: SchemaDeviation[] = [
  ...['Translation', 'ComponentTranslation'].flatMap((schema): SchemaDeviation[] => [
    { schema, property: 'last_author', change: 'nullable', why: 'the spec: "name of the last author; null when none"' },
    { schema, property: 'last_change', change: 'nullable', why: 'the spec: "timestamp; null when none"' },
    { schema, property: 'announcements_url', change: 'absent', why: 'announcements are not part of the spec: no such endpoint to link' },
  ]),
  { schema: 'Category', property: 'announcements_url', change: 'absent', why: 'announcements are not part of the spec: no such endpoint to link' },
  { schema: 'Category', property: 'reports_url', change: 'absent', why: 'reports are not part of the spec: no such endpoint to link' },
  ...['Component', 'ProjectComponent'].map((schema): SchemaDeviation => (
    { schema, property: 'linked_component', change: 'nullable', why: 'Weblate answers null for a component that shares no repository (the spec: "use it to detect sharing")' }
  )),
  ...['unit', 'translation', 'component', 'user', 'author'].map((property): SchemaDeviation => (
    { schema: 'Change', property, change: 'nullable', why: 'Weblate answers null when the change is not tied to such an object (a project-wide change has no unit)' }
  )),
  ...['project', 'component'].map((property): SchemaDeviation => (
    { schema: 'Notification', property, change: 'nullable', why: 'only site-wide subscription scopes exist; Weblate answers null for scopes without a project or component' }
  )),
  ...['project', 'component'].map((property): SchemaDeviation => (
    { schema: 'Addon', property, change: 'nullable', why: 'Weblate answers null for the scope an add-on is not installed on (a component add-on has no project; a site-wide one neither)' }
  )),
  { schema: 'Group', property: 'defining_project', change: 'nullable', why: 'the spec: "may be null" (site-wide groups)' },
  ...['next', 'previous'].map((property): SchemaDeviation => (
    { schema: 'Paginated*', property, change: 'nullable', why: 'the first and last pages answer null, as Weblate (DRF pagination) does' }
  )),
];

describe("response shapes against Weblate's OpenAPI description", () => {
  const env = useGitTestEnv();
  let validator: OpenApiValidator;
  /** Route (as the route table names it) → the request path checked for it, and how. */
  let cases: Map<string, Case>;

  interface Case {
    path: string;
    /** A schema for an answer Weblate's description places elsewhere, or describes otherwise than the spec. */
    schema?: JsonSchema;
  }

  /** The fields of created objects the setup reads. */
  interface Created {
    id: number;
    task_url: string;
    project: { url: string };
  }

  beforeAll(async () => {
    const { t, git, admin } = env;
    validator = new OpenApiValidator(DEVIATIONS);
    const auth = (request: ReturnType<ReturnType<typeof t.http>['get']>) => request.set('Authorization', admin.auth);
    const api = <T = Created>(method: 'get' | 'post' | 'patch', path: string, body?: object, status = method === 'post' ? 201 : 200) =>
      auth(t.http()[method](path)).send(body).expect(status).then((res) => res.body as T);

    // A project with a component cloned from a real repository: translations with strings, changes, commits.
    const upstream = await git.createBareRepo('shapes', { 'po/cs.po': PO('cs', 'Ahoj'), 'po/de.po': PO('de') });
    const project = await createProject(t);
    const created = await api('post', `/api/projects/${project.slug}/components/`, { name: 'App', slug: 'app', repo: upstream, filemask: 'po/*.po', file_format: 'po' });
    await t.drainTasks();
    const component = await t.dataSource.getRepository(Component).findOneByOrFail({ id: created.id });
    const units = await api<{ results: { id: number; source: string[] }[] }>('get', `/api/translations/${project.slug}/app/de/units/`);
    const unit = units.results.find((candidate) => candidate.source[0] === 'Hello')!;
    await api('patch', `/api/units/${unit.id}/`, { target: ['Hallo'], state: 20 });
    const sourceUnits = await api<{ results: { id: number }[] }>('get', `/api/translations/${project.slug}/app/en/units/`);

    // Everything else the lists should show at least once.
    const category = await api('post', '/api/categories/', { name: 'Docs', slug: 'docs', project: created.project.url });
    const inCategory = await createComponent(t, project, { categoryId: category.id });
    await createTranslation(t, inCategory, 'cs', { total: 2, totalWords: 2, totalChars: 8, translated: 1, translatedWords: 1, translatedChars: 4, lastChange: new Date() });
    const list = await createComponentList(t, { components: [component], rules: [{ projectMatch: '^x$', componentMatch: '^y$' }] });
    const member = await createUser(t);
    const group = await createGroup(t, { roles: [await createRole(t, { permissions: ['unit.edit'] })], languages: ['cs'], members: [member.user], admins: [member.user] });
    const subscription = await api('post', `/api/users/${member.user.username}/notifications/`, { notification: 'LockNotification', scope: 0, frequency: 1 });
    await api('post', `/api/projects/${project.slug}/labels/`, { name: 'ui', color: 'navy' });
    const linked = await createProject(t);
    await api('post', `/api/components/${project.slug}/app/links/`, { project_slug: linked.slug });
    const screenshot = await auth(t.http().post('/api/screenshots/'))
      .field({ name: 'Main window', project_slug: project.slug, component_slug: 'app', language_code: 'en' })
      .attach('image', GIF, 'shot.gif').expect(201).then((res) => res.body);
    await auth(t.http().post(`/api/screenshots/${screenshot.id}/units/`)).send({ unit_id: String(sourceUnits.results[0].id) }).expect(200);
    const addon = await api('post', `/api/components/${project.slug}/app/addons/`, { name: 'weblate.removal.comments', configuration: { age: 10 } });
    await api('post', `/api/projects/${project.slug}/machinery_settings/`, { service: 'deepl', configuration: { key: 'k' } });
    await auth(t.http().post(`/api/projects/${project.slug}/backups/`)).expect(202);
    await t.drainTasks();
    const change = (await api<{ results: { id: number }[] }>('get', '/api/changes/')).results[0];
    // The translated "Hallo" reaches the memory through the event backbone.
    await t.deliverEvents();
    const memory = (await api<{ results: { id: number }[] }>('get', '/api/memory/')).results[0];

    const p = project.slug;
    const c = `/api/components/${p}/app`;
    const tr = `/api/translations/${p}/app/de`;
    cases = new Map<string, Case>(Object.entries({
      // Not in Weblate's description; the spec: "object with URL strings for projects, components, translations, languages".
      'GET /api/': { path: '/api/', schema: { type: 'object', required: ['projects', 'components', 'translations', 'languages'], additionalProperties: { type: 'string', format: 'uri' } } },
      'GET /api/users/': { path: '/api/users/' },
      'GET /api/metrics/': { path: '/api/metrics/' },
      'GET /api/memory/': { path: '/api/memory/' },
      'GET /api/memory/:id/': { path: `/api/memory/${memory.id}/` },
      'GET /api/search/': { path: `/api/search/?q=${project.slug}` },
      // The description offers BasicUser or FullUser; a full record must match FullUser (BasicUser accepts any record).
      'GET /api/users/:username/': { path: `/api/users/${member.user.username}/`, schema: ref('FullUser') },
      'GET /api/users/:username/statistics/': { path: `/api/users/${member.user.username}/statistics/` },
      'GET /api/users/:username/notifications/': { path: `/api/users/${member.user.username}/notifications/` },
      'GET /api/users/:username/notifications/:id/': { path: `/api/users/${member.user.username}/notifications/${subscription.id}/` },
      'GET /api/groups/': { path: '/api/groups/' },
      'GET /api/groups/:id/': { path: `/api/groups/${group.id}/` },
      'GET /api/roles/': { path: '/api/roles/' },
      'GET /api/roles/:id/': { path: `/api/roles/${(await api<{ results: { id: number }[] }>('get', '/api/roles/')).results[0].id}/` },
      'GET /api/languages/': { path: '/api/languages/' },
      'GET /api/languages/:code/': { path: '/api/languages/cs/' },
      'GET /api/languages/:code/statistics/': { path: '/api/languages/cs/statistics/' },
      'GET /api/projects/': { path: '/api/projects/' },
      'GET /api/projects/:project/': { path: `/api/projects/${p}/` },
      'GET /api/projects/:project/components/': { path: `/api/projects/${p}/components/` },
      'GET /api/projects/:project/categories/': { path: `/api/projects/${p}/categories/` },
      'GET /api/projects/:project/changes/': { path: `/api/projects/${p}/changes/` },
      'GET /api/projects/:project/labels/': { path: `/api/projects/${p}/labels/` },
      'GET /api/projects/:project/machinery_settings/': { path: `/api/projects/${p}/machinery_settings/` },
      'GET /api/projects/:project/repository/': { path: `/api/projects/${p}/repository/` },
      'GET /api/projects/:project/statistics/': { path: `/api/projects/${p}/statistics/` },
      'GET /api/projects/:project/backups/': { path: `/api/projects/${p}/backups/` },
      // The description: a plain array of Statistics; the spec: a paginated list of language summaries.
      'GET /api/projects/:project/languages/': { path: `/api/projects/${p}/languages/`, schema: paginated({
        type: 'object',
        required: ['language', 'code', 'total', 'translated', 'total_words', 'translated_words', 'translated_percent', 'words_percent'],
        properties: {
          language: { type: 'string' }, code: { type: 'string' }, total: { type: 'integer' }, translated: { type: 'integer' }, total_words: { type: 'integer' },
          translated_words: { type: 'integer' }, translated_percent: { type: 'number' }, words_percent: { type: 'number' },
        },
      }) },
      'GET /api/components/': { path: '/api/components/' },
      'GET /api/components/:project/:component/': { path: `${c}/` },
      'GET /api/components/:project/:component/changes/': { path: `${c}/changes/` },
      // The description: a paginated list of projects; the spec: "`projects` (array of project objects linked to the component)".
      'GET /api/components/:project/:component/links/': { path: `${c}/links/`, schema: { type: 'object', required: ['projects'], properties: { projects: { type: 'array', minItems: 1, items: ref('Project') } } } },
      'GET /api/components/:project/:component/lock/': { path: `${c}/lock/` },
      'GET /api/components/:project/:component/repository/': { path: `${c}/repository/` },
      'GET /api/components/:project/:component/screenshots/': { path: `${c}/screenshots/` },
      'GET /api/components/:project/:component/statistics/': { path: `${c}/statistics/` },
      'GET /api/components/:project/:component/translations/': { path: `${c}/translations/` },
      'GET /api/translations/': { path: '/api/translations/' },
      'GET /api/translations/:project/:component/:language/': { path: `${tr}/` },
      'GET /api/translations/:project/:component/:language/changes/': { path: `${tr}/changes/` },
      'GET /api/translations/:project/:component/:language/repository/': { path: `${tr}/repository/` },
      'GET /api/translations/:project/:component/:language/statistics/': { path: `${tr}/statistics/` },
      'GET /api/translations/:project/:component/:language/units/': { path: `${tr}/units/` },
      'GET /api/units/': { path: '/api/units/' },
      'GET /api/units/:id/': { path: `/api/units/${unit.id}/` },
      'GET /api/changes/': { path: '/api/changes/' },
      'GET /api/changes/:id/': { path: `/api/changes/${change.id}/` },
      'GET /api/screenshots/': { path: '/api/screenshots/' },
      'GET /api/screenshots/:id/': { path: `/api/screenshots/${screenshot.id}/` },
      'GET /api/addons/': { path: '/api/addons/' },
      'GET /api/addons/:id/': { path: `/api/addons/${addon.id}/` },
      'GET /api/component-lists/': { path: '/api/component-lists/' },
      'GET /api/component-lists/:slug/': { path: `/api/component-lists/${list.slug}/` },
      // The description: a ComponentList; the spec: "`results` (array of components)".
      'GET /api/component-lists/:slug/components/': { path: `/api/component-lists/${list.slug}/components/`, schema: paginated(ref('Component')) },
      // Not in Weblate's description: the spec's statistics object, as for every other owner.
      'GET /api/component-lists/:slug/statistics/': { path: `/api/component-lists/${list.slug}/statistics/`, schema: ref('Statistics') },
      'GET /api/categories/': { path: '/api/categories/' },
      'GET /api/categories/:id/': { path: `/api/categories/${category.id}/` },
      'GET /api/categories/:id/statistics/': { path: `/api/categories/${category.id}/statistics/` },
      'GET /api/tasks/:id/': { path: urlOf(created.task_url) },
    }));
  });

  /** GET routes whose answer is not a JSON object to check, and why. */
  const NOT_CHECKED: Record<string, string> = {
    'GET /api/components/:project/:component/file/': 'a ZIP archive',
    'GET /api/components/:project/:component/monolingual_base/': 'a translation file',
    'GET /api/components/:project/:component/new_template/': 'a translation file',
    'GET /api/projects/:project/file/': 'a ZIP archive',
    'GET /api/projects/:project/backups/:backup/': 'a ZIP archive (test/e2e/project-backups.e2e-spec.ts checks it)',
    'GET /api/translations/:project/:component/:language/file/': 'a translation file',
    'GET /api/screenshots/:id/file/': 'an image',
    'GET /api/tasks/': 'the spec: "the task list is unavailable" (404)',
    'GET /api/projects/:project/tokens/': "project tokens: neither the spec nor Weblate's description has this endpoint",
    'GET /api/addons/:id/deliveries/': "webhook delivery history: neither the spec nor Weblate's description has this endpoint (test/e2e/addon-webhooks.e2e-spec.ts checks it)",
    'GET /api/memory/download/': "a TMX or JSON file of the memory: Weblate serves it on a web page, not in its API (test/e2e/memory-import.e2e-spec.ts checks it)",
  };

  it("rejects what Weblate's schemas forbid (the check itself works)", () => {
    expect(validator.checkResponse('/api/projects/p/statistics/', { total: 1 })).toContainEqual({ at: '/', problem: "must have required property 'approved_words'" });
    expect(validator.checkResponse('/api/components/p/c/repository/', { needs_commit: false, needs_merge: false, needs_push: false, url: 'http://x/', remote_commit: 'f00' }))
      .toContainEqual({ at: '/remote_commit', problem: 'must be object' });
    // The description's BasicUser alternative accepts any record with an id and names: full records are checked as FullUser.
    expect(validator.checkResponse('/api/users/u/', { id: 1, username: 'u', full_name: 'U', notifications: [] })).toEqual([]);
    expect(validator.checkAgainst(ref('FullUser'), { id: 1, username: 'u', full_name: 'U', notifications: [] })).toContainEqual({ at: '/notifications', problem: 'must be string' });
    expect(validator.checkResponse('/api/nothing/', {})).toEqual([{ at: '/api/nothing/', problem: 'Weblate describes no GET operation at this path' }]);
  });

  it('covers every GET route of the API', () => {
    const routes = collectRoutePolicies(env.t.app).map((entry) => entry.route).filter((route) => route.startsWith('GET /api/'));
    const uncovered = routes.filter((route) => !cases.has(route) && !(route in NOT_CHECKED));
    expect(uncovered).toEqual([]);
  });

  it('answers every checked GET with a non-empty body of the described shape', async () => {
    const failures: Record<string, unknown> = {};
    for (const [route, { path, schema }] of cases) {
      const res = await env.t.http().get(path).set('Authorization', env.admin.auth);
      if (res.status !== 200) {
        failures[route] = `status ${res.status}: ${JSON.stringify(res.body)}`;
        continue;
      }
      const body = res.body as { results?: unknown[] } | unknown[];
      const empty = Array.isArray(body) ? body.length === 0 : 'results' in (body as object) && !(body as { results: unknown[] }).results.length;
      const errors = schema ? validator.checkAgainst(schema, body) : validator.checkResponse(path, body);
      if (empty || errors.length) failures[route] = empty ? 'empty list: the test data should show each shape' : errors;
    }
    expect(failures).toEqual({});
  });
});

function urlOf(absolute: string): string {
  return new URL(absolute).pathname;
}

function paginated(items: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['count', 'next', 'previous', 'results'],
    properties: { count: { type: 'integer' }, next: { type: ['string', 'null'] }, previous: { type: ['string', 'null'] }, results: { type: 'array', items } },
  };
}
