import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { PermissionService } from '../../src/auth/permission.service';
import { Permission, ProjectPermission, ProjectSelection, REPOSITORY_OPERATIONS } from '../../src/auth/permissions.data';
import { PermissionScope, UserPermissions } from '../../src/auth/user-permissions';
import { Category } from '../../src/categories/category.entity';
import { Component } from '../../src/components/component.entity';
import { AccessPolicy } from '../../src/auth/policy/policy.decorators';
import { TargetLoader } from '../../src/auth/policy/target';
import { Language } from '../../src/languages/language.entity';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { WorkingCopies } from '../../src/working-copies/working-copies';
import { TasksRepository } from '../../src/tasks/tasks.repository';
import { AuthenticationService } from '../../src/users/authentication.service';
import { NotificationSubscription } from '../../src/users/notification-subscription.entity';
import { NOTIFICATION_NAMES } from '../../src/users/notifications.data';
import { User } from '../../src/users/user.entity';
import { createComponent } from '../factories/component.factory';
import { createGroup } from '../factories/group.factory';
import { createProject } from '../factories/project.factory';
import { createRole } from '../factories/role.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { TestApp } from './test-app';

/*
 * The permission matrix: for every route of the reviewed policy snapshot and each kind of caller, the status
 * the route's access policy implies, computed with the real PermissionService and TargetLoader, next to the
 * status the app answers.
 */

// ---------------------------------------------------------------------------------------------------------
// Routes and their reviewed policies

export interface ReviewedRoute {
  /** `METHOD /path/`, as collectRoutePolicies names it. */
  route: string;
  method: string;
  path: string;
  policy: AccessPolicy | undefined;
}

const SNAPSHOT = join(__dirname, '../e2e/__snapshots__/route-policies.e2e-spec.ts.snap');

/**
 * The reviewed route list (the route-policies snapshot). Read synchronously because jest needs the rows of
 * `it.each` before any app exists; a test of the matrix checks it against collectRoutePolicies(app).
 */
export function readReviewedRoutes(): ReviewedRoute[] {
  const text = readFileSync(SNAPSHOT, 'utf8');
  const routes = [...text.matchAll(/^\s*"([A-Z]+) (\/\S*) → (.*)",$/gm)].map(([, method, path, policy]) => ({
    route: `${method} ${path}`,
    method,
    path,
    // A route without a policy shows as `undefined`; the matrix then fails on it rather than leaving it out.
    policy: policy === 'undefined' ? undefined : (JSON.parse(policy) as AccessPolicy),
  }));
  if (routes.length === 0) throw new Error(`no routes found in ${SNAPSHOT}: has its format changed?`);
  return routes;
}

/** Every policy kind the generator knows how to turn into expectations (the compiler checks it is complete). */
const HANDLED_KINDS: Record<AccessPolicy['kind'], true> = {
  open: true,
  public: true,
  authenticated: true,
  'site-permission': true,
  view: true,
  permission: true,
  'repository-operation': true,
  manage: true,
};

export function isHandledPolicy(policy: AccessPolicy | undefined): boolean {
  return policy !== undefined && Object.prototype.hasOwnProperty.call(HANDLED_KINDS, policy.kind);
}

// ---------------------------------------------------------------------------------------------------------
// Callers and fixtures

export const CALLER_NAMES = ['anonymous', 'user', 'reviewer', 'manager', 'component translator', 'project token', 'superuser'] as const;
export type CallerName = (typeof CALLER_NAMES)[number];

interface Caller {
  name: CallerName;
  /** The Authorization header; none for the anonymous caller. */
  auth?: string;
  user: User;
  /** What the caller may do, as PermissionService resolves it for their requests. */
  permissions: UserPermissions;
}

/** A project the routes that name a project-scoped object are exercised against. */
interface Scenario {
  label: string;
  project: Project;
  component: Component;
  category: Category;
  /** A project token of this project (not the matrix's caller), for routes that name one. */
  tokenId: number;
}

export interface MatrixFixtures {
  callers: Caller[];
  /** Public P (the project token's project), protected R, private Q. */
  scenarios: Scenario[];
  /** The user routes name by :username and :userId. */
  other: UserWithToken;
  /** One of `other`'s notification subscriptions. */
  subscriptionId: number;
  /** A site-wide group and a role nobody is a member of. */
  groupId: number;
  roleId: number;
  /** A project the scenarios' components are shared into. */
  linkTarget: Project;
  taskId: string;
  superuser: UserWithToken;
  requireLogin: boolean;
  /** Fixtures only some routes need, made the first time one of them asks (see `once`). */
  lazy: Map<string, Promise<unknown>>;
}

/** Makes a fixture on first use, so the matrix does not depend on tables no route of the app uses yet. */
function once<T>(fx: MatrixFixtures, key: string, make: () => Promise<T>): Promise<T> {
  if (!fx.lazy.has(key)) fx.lazy.set(key, make());
  return fx.lazy.get(key) as Promise<T>;
}

/** Links the group to an object through one of its link tables (idempotent), returning the object's id. */
async function linkGroup(t: TestApp, table: string, column: string, groupId: string, id: number): Promise<number> {
  await t.dataSource.query(`INSERT INTO ${table} (group_id, ${column}) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [groupId, id]);
  return id;
}

async function joinSiteGroup(t: TestApp, userId: number, name: string): Promise<void> {
  const rows: { id: number }[] = await t.dataSource.query('SELECT id FROM groups WHERE name = $1 AND defining_project_id IS NULL', [name]);
  if (rows.length !== 1) throw new Error(`no site-wide group ${name}`);
  await t.dataSource.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, rows[0].id]);
}

async function teamId(t: TestApp, project: Project, name: string): Promise<number> {
  const rows: { id: number }[] = await t.dataSource.query('SELECT id FROM groups WHERE defining_project_id = $1 AND name = $2', [project.id, name]);
  if (rows.length !== 1) throw new Error(`project ${project.slug} has no team ${name}`);
  return rows[0].id;
}

/** A wlp_ key of the project made through the API, as an administrator would; returns the token's id and key. */
async function createProjectToken(t: TestApp, superuser: UserWithToken, project: Project, teams: number[] = []): Promise<{ id: number; token: string }> {
  const res = await t
    .http()
    .post(`/api/projects/${project.slug}/tokens/`)
    .set('Authorization', superuser.auth)
    .send({ name: `matrix ${randomBytes(3).toString('hex')}`, teams });
  if (res.status !== 201) throw new Error(`creating a project token answered ${res.status}: ${JSON.stringify(res.body)}`);
  return { id: res.body.id, token: res.body.token };
}

async function createCategory(t: TestApp, project: Project): Promise<Category> {
  const slug = `cat-${randomBytes(3).toString('hex')}`;
  return t.dataSource.getRepository(Category).save({ name: `Category ${slug}`, slug, projectId: project.id, categoryId: null });
}

/**
 * A component with a monolingual base, a new-language base and the Czech translation file in its working
 * copy, for the routes downloading them; its strings may be managed (added and removed).
 */
async function createComponentWithFiles(t: TestApp, project: Project, restricted = false): Promise<Component> {
  const component = await createComponent(t, project, { template: 'base.pot', newBase: 'base.pot', manageUnits: true, restricted });
  const dir = t.app.get(WorkingCopies).dirOf(component);
  await mkdir(join(dir, 'po'), { recursive: true });
  await writeFile(join(dir, 'base.pot'), 'msgid ""\nmsgstr ""\n');
  await writeFile(join(dir, 'po', 'cs.po'), 'msgid ""\nmsgstr ""\n');
  return component;
}

async function createLabel(t: TestApp, project: Project): Promise<number> {
  const name = `label-${randomBytes(3).toString('hex')}`;
  const [{ id }]: { id: number }[] = await t.dataSource.query(`INSERT INTO labels (project_id, name, color) VALUES ($1, $2, 'red') RETURNING id`, [project.id, name]);
  return id;
}

/** A string of the component's Czech translation (the translation the `:language` fixture names). */
async function createUnit(t: TestApp, component: Component): Promise<number> {
  const [{ id }]: { id: number }[] = await t.dataSource.query(
    `INSERT INTO units (translation_id, id_hash, content_hash, source, target, state)
     SELECT id, (random() * 1e15)::bigint, 1, '{Hello}', '{Ahoj}', 20 FROM translations WHERE component_id = $1 AND language_code = 'cs'
     RETURNING id`,
    [component.id],
  );
  return id;
}

/** A 1×1 PNG, for the screenshots the matrix makes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A screenshot of the component's Czech translation, uploaded through the API as the superuser (so its image exists). */
async function createScreenshot(t: TestApp, fx: MatrixFixtures, scenario: Scenario): Promise<number> {
  const res = await t
    .http()
    .post('/api/screenshots/')
    .set('Authorization', fx.superuser.auth)
    .field({ name: `matrix ${randomBytes(3).toString('hex')}`, project_slug: scenario.project.slug, component_slug: scenario.component.slug, language_code: 'cs' })
    .attach('image', PNG, 'matrix.png');
  if (res.status !== 201) throw new Error(`creating a screenshot answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id;
}

/** A webhook add-on of the component (one may be installed several times), its URL a public one. */
async function createAddon(t: TestApp, component: Component): Promise<number> {
  const [{ id }]: { id: number }[] = await t.dataSource.query(
    `INSERT INTO addons (name, component_id, configuration) VALUES ('weblate.webhook.webhook', $1, '{"webhook_url": "https://example.com/hook", "secret": "", "events": []}') RETURNING id`,
    [component.id],
  );
  return id;
}

/** A memory entry of the project (its source text unique, so each call makes a new one). */
async function createMemoryEntry(t: TestApp, project: Project): Promise<number> {
  const [{ id }]: { id: number }[] = await t.dataSource.query(
    `INSERT INTO memory (source, target, source_language_id, target_language_id, origin, project_id)
     SELECT 'Hello ' || gen_random_uuid(), 'Ahoj', en.id, cs.id, $2 || '/app', $1
       FROM languages en, languages cs WHERE en.code = 'en' AND cs.code = 'cs' RETURNING id`,
    [project.id, project.slug],
  );
  return id;
}

async function createChange(t: TestApp, project: Project): Promise<number> {
  const [{ id }]: { id: number }[] = await t.dataSource.query('INSERT INTO changes (action, project_id) VALUES (50, $1) RETURNING id', [project.id]);
  return id;
}

async function ensureSubscription(t: TestApp, userId: number): Promise<number> {
  await t.dataSource.query(
    `INSERT INTO notification_subscriptions (user_id, notification, scope, frequency) VALUES ($1, 'LockNotification', 0, 1) ON CONFLICT DO NOTHING`,
    [userId],
  );
  const row = await t.dataSource.getRepository(NotificationSubscription).findOneByOrFail({ userId, notification: 'LockNotification', scope: 0 });
  return row.id;
}

/** Another subscription of the user, to a notification they are not subscribed to yet. */
async function addSubscription(t: TestApp, userId: number): Promise<number> {
  const taken = new Set((await t.dataSource.getRepository(NotificationSubscription).findBy({ userId })).map((row) => row.notification));
  const notification = NOTIFICATION_NAMES.find((name) => !taken.has(name));
  if (!notification) throw new Error(`user ${userId} is subscribed to every notification already`);
  const row = await t.dataSource.getRepository(NotificationSubscription).save({ userId, notification, scope: 0, frequency: 1, projectId: null, componentId: null });
  return row.id;
}

async function resolveCaller(t: TestApp, name: CallerName, auth: string | undefined): Promise<Caller> {
  const { user, tokenProjectId } = await t.app.get(AuthenticationService).authenticate(auth);
  return { name, auth, user, permissions: await t.app.get(PermissionService).forUser(user, tokenProjectId) };
}

export async function createMatrixFixtures(t: TestApp): Promise<MatrixFixtures> {
  const superuser = await createUser(t, { isSuperuser: true });
  const scenarios: Scenario[] = [];
  // Restricted C: a public project whose component is restricted (visible only to groups naming it).
  for (const [label, accessControl, restricted] of [
    ['public P', AccessControl.Public, false],
    ['protected R', AccessControl.Protected, false],
    ['private Q', AccessControl.Private, false],
    ['restricted C', AccessControl.Public, true],
    ['linked L', AccessControl.Public, false],
  ] as const) {
    const project = await createProject(t, { accessControl });
    const component = await createComponentWithFiles(t, project, restricted);
    // Linked L: a public project's component sharing the working copy of private Q's (weblate://).
    if (label === 'linked L') {
      const owner = scenarios[2];
      await t.dataSource.getRepository(Component).update(component.id, { repo: `weblate://${owner.project.slug}/${owner.component.slug}`, linkedComponentId: owner.component.id });
    }
    // Translation routes name the component's Czech translation (see ':language' in PARAMS). It is the source
    // translation: strings of a monolingual component are added and removed there only (unit-management.ts).
    await createTranslation(t, component, 'cs', { isSource: true });
    scenarios.push({
      label,
      project,
      component,
      category: await createCategory(t, project),
      tokenId: (await createProjectToken(t, superuser, project)).id,
    });
  }
  const linkTarget = await createProject(t);
  for (const scenario of scenarios) {
    await t.dataSource.query('INSERT INTO component_links (component_id, project_id) VALUES ($1, $2)', [scenario.component.id, linkTarget.id]);
  }

  const user = await createUser(t);
  const reviewer = await createUser(t);
  await joinSiteGroup(t, reviewer.user.id, 'Reviewers');
  const manager = await createUser(t);
  await joinSiteGroup(t, manager.user.id, 'Managers');
  const p = scenarios[0].project;
  const projectToken = await createProjectToken(t, superuser, p, [await teamId(t, p, 'Administration')]);
  // A group naming the components of P and C (not their projects), with Weblate's Translate role.
  const translator = await createUser(t);
  const [translateRole] = await t.dataSource.query(`SELECT id FROM roles WHERE name = 'Translate'`);
  const componentGroup = await createGroup(t, { projectSelection: ProjectSelection.AsDefined, members: [translator.user] });
  await t.dataSource.query('INSERT INTO group_roles (group_id, role_id) VALUES ($1, $2)', [componentGroup.id, translateRole.id]);
  for (const scenario of [scenarios[0], scenarios[3]]) {
    await t.dataSource.query('INSERT INTO group_components (group_id, component_id) VALUES ($1, $2)', [componentGroup.id, scenario.component.id]);
  }

  const other = await createUser(t);
  const group = await createGroup(t);
  const role = await createRole(t);
  const task = await t.app.get(TasksRepository).create(randomUUID(), 'permission-matrix', null, null);

  const callers: Caller[] = [];
  const auths: Record<CallerName, string | undefined> = {
    anonymous: undefined,
    user: user.auth,
    reviewer: reviewer.auth,
    manager: manager.auth,
    'component translator': translator.auth,
    'project token': `Token ${projectToken.token}`,
    superuser: superuser.auth,
  };
  for (const name of CALLER_NAMES) callers.push(await resolveCaller(t, name, auths[name]));

  return {
    callers,
    scenarios,
    other,
    subscriptionId: await ensureSubscription(t, other.user.id),
    groupId: group.id,
    roleId: role.id,
    linkTarget,
    taskId: task.id,
    superuser,
    requireLogin: t.config.requireLogin,
    lazy: new Map(),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Path parameters

interface ParamContext {
  t: TestApp;
  fx: MatrixFixtures;
  scenario: Scenario;
  /** The parameters of the route resolved so far, by name (without the colon). */
  params: Record<string, string>;
}

interface ParamSource {
  /** The value names an object of the scenario's project: routes with such a parameter run once per scenario. */
  scoped?: boolean;
  value: (ctx: ParamContext) => string | number | Promise<string | number>;
  /**
   * For a DELETE route whose last parameter this is: an object (or link) made for each request, that nothing
   * else in the matrix uses, in the same project as `value`'s so the expected statuses are the same. Without
   * one, the DELETEs the policy allows are not sent: they would destroy shared fixtures.
   */
  disposable?: (ctx: ParamContext) => Promise<string | number>;
}

/**
 * Fixture values by parameter. A parameter is looked up by the route's path up to it
 * (`/api/groups/:id/languages/:code`), then by the segment before it (`groups/:id`), then by name (`:code`).
 * A route with a parameter found under none of these fails the matrix: add it here.
 */
const PARAMS: Record<string, ParamSource> = {
  ':project': { scoped: true, value: ({ scenario }) => scenario.project.slug },
  ':component': {
    scoped: true,
    value: ({ scenario }) => scenario.component.slug,
    disposable: async ({ t, scenario }) => (await createComponent(t, scenario.project)).slug,
  },
  ':language': { scoped: true, value: () => 'cs' },
  'hooks/:service': { value: () => 'github' },
  // A file where the backup task writes them stands for a backup (the task itself is tested in project-backups).
  'backups/:backup': {
    scoped: true,
    value: async ({ t, scenario }) => {
      const dir = join(t.config.dataDir, 'projectbackups', String(scenario.project.id));
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, '1.zip'), 'PK\x05\x06');
      return '1.zip';
    },
  },
  'categories/:id': {
    scoped: true,
    value: ({ scenario }) => scenario.category.id,
    disposable: async ({ t, scenario }) => (await createCategory(t, scenario.project)).id,
  },
  'links/:projectSlug': {
    value: ({ fx }) => fx.linkTarget.slug,
    disposable: async ({ t, scenario, params }) => {
      // A project of its own (custom access control: no teams to make) shared into, so no other row loses its link.
      const target = await createProject(t, { accessControl: AccessControl.Custom });
      await t.dataSource.query(
        'INSERT INTO component_links (component_id, project_id) SELECT c.id, $3 FROM components c WHERE c.project_id = $1 AND c.slug = $2',
        [scenario.project.id, params.component, target.id],
      );
      return target.slug;
    },
  },
  'labels/:id': {
    scoped: true,
    value: ({ t, fx, scenario }) => once(fx, `label of ${scenario.label}`, () => createLabel(t, scenario.project)),
    disposable: ({ t, scenario }) => createLabel(t, scenario.project),
  },
  'tokens/:id': {
    scoped: true,
    value: ({ scenario }) => scenario.tokenId,
    disposable: async ({ t, fx, scenario }) => (await createProjectToken(t, fx.superuser, scenario.project)).id,
  },
  'tasks/:id': { value: ({ fx }) => fx.taskId },
  'units/:id': {
    scoped: true,
    value: ({ t, fx, scenario }) => once(fx, `unit of ${scenario.label}`, () => createUnit(t, scenario.component)),
    disposable: ({ t, scenario }) => createUnit(t, scenario.component),
  },
  'screenshots/:id': {
    scoped: true,
    value: ({ t, fx, scenario }) => once(fx, `screenshot of ${scenario.label}`, () => createScreenshot(t, fx, scenario)),
    disposable: ({ t, fx, scenario }) => createScreenshot(t, fx, scenario),
  },
  '/api/screenshots/:id/units/:unitId': {
    scoped: true,
    value: ({ t, fx, scenario }) => once(fx, `unit of ${scenario.label}`, () => createUnit(t, scenario.component)),
    disposable: async ({ t, scenario, params }) => {
      const unitId = await createUnit(t, scenario.component);
      await t.dataSource.query('INSERT INTO screenshot_units (screenshot_id, unit_id) VALUES ($1, $2)', [params.id, unitId]);
      return unitId;
    },
  },
  'addons/:id': {
    scoped: true,
    value: ({ t, fx, scenario }) => once(fx, `add-on of ${scenario.label}`, () => createAddon(t, scenario.component)),
    disposable: ({ t, scenario }) => createAddon(t, scenario.component),
  },
  'memory/:id': {
    scoped: true,
    value: ({ t, fx, scenario }) => once(fx, `memory entry of ${scenario.label}`, () => createMemoryEntry(t, scenario.project)),
    disposable: ({ t, scenario }) => createMemoryEntry(t, scenario.project),
  },
  // A change of the public project, which every caller (the project token included) may see.
  'changes/:id': { value: ({ t, fx }) => once(fx, 'change', () => createChange(t, fx.scenarios[0].project)) },
  'groups/:id': { value: ({ fx }) => fx.groupId, disposable: async ({ t }) => (await createGroup(t)).id },
  'roles/:id': { value: ({ fx }) => fx.roleId, disposable: async ({ t }) => (await createRole(t)).id },
  '/api/groups/:id/roles/:roleId': {
    value: ({ fx }) => fx.roleId,
    disposable: ({ t, fx, params }) => linkGroup(t, 'group_roles', 'role_id', params.id, fx.roleId),
  },
  '/api/groups/:id/projects/:projectId': {
    value: ({ fx }) => fx.scenarios[0].project.id,
    disposable: ({ t, fx, params }) => linkGroup(t, 'group_projects', 'project_id', params.id, fx.scenarios[0].project.id),
  },
  '/api/groups/:id/components/:componentId': {
    value: ({ fx }) => fx.scenarios[0].component.id,
    disposable: ({ t, fx, params }) => linkGroup(t, 'group_components', 'component_id', params.id, fx.scenarios[0].component.id),
  },
  '/api/groups/:id/componentlists/:listId': {
    value: ({ t, fx }) => componentListId(t, fx),
    disposable: async ({ t, fx, params }) => linkGroup(t, 'group_component_lists', 'list_id', params.id, await componentListId(t, fx)),
  },
  'component-lists/:slug': {
    value: async ({ t, fx }) => (await componentList(t, fx)).slug,
    disposable: async ({ t, fx }) => (await createComponentList(t, fx)).slug,
  },
  '/api/component-lists/:slug/components/:componentSlug': {
    value: ({ fx }) => fx.scenarios[0].component.slug,
    disposable: async ({ t, fx, params }) => {
      const component = await createComponent(t, fx.scenarios[0].project);
      await t.dataSource.query('INSERT INTO component_list_components (list_id, component_id) SELECT id, $2 FROM component_lists WHERE slug = $1', [
        params.slug,
        component.id,
      ]);
      return component.slug;
    },
  },
  '/api/groups/:id/languages/:code': {
    value: () => 'cs',
    disposable: async ({ t, params }) => {
      await t.dataSource.query(
        `INSERT INTO group_languages (group_id, language_id) SELECT $1, id FROM languages WHERE code = 'cs' ON CONFLICT DO NOTHING`,
        [params.id],
      );
      return 'cs';
    },
  },
  '/api/groups/:id/admins/:userId': {
    value: ({ fx }) => fx.other.user.id,
    disposable: ({ t, fx, params }) => linkGroup(t, 'group_admins', 'user_id', params.id, fx.other.user.id),
  },
  ':code': {
    value: () => 'cs',
    disposable: async ({ t }) => {
      const code = `x-matrix-${randomBytes(3).toString('hex')}`;
      await t.dataSource.getRepository(Language).save({ code, name: `Matrix ${code}` });
      return code;
    },
  },
  ':username': { value: ({ fx }) => fx.other.user.username, disposable: async ({ t }) => (await createUser(t)).user.username },
  'notifications/:id': {
    value: ({ fx }) => fx.subscriptionId,
    disposable: async ({ t, params }) => {
      const [owner]: { id: number }[] = await t.dataSource.query('SELECT id FROM users WHERE username = $1', [params.username]);
      return addSubscription(t, owner.id);
    },
  },
};

/** A component list holding the public project's component (so every caller can see it). */
async function createComponentList(t: TestApp, fx: MatrixFixtures): Promise<{ id: number; slug: string }> {
  const slug = `list-${randomBytes(3).toString('hex')}`;
  const [{ id }]: { id: number }[] = await t.dataSource.query('INSERT INTO component_lists (name, slug) VALUES ($1, $1) RETURNING id', [slug]);
  await t.dataSource.query('INSERT INTO component_list_components (list_id, component_id) VALUES ($1, $2)', [id, fx.scenarios[0].component.id]);
  return { id, slug };
}

function componentList(t: TestApp, fx: MatrixFixtures): Promise<{ id: number; slug: string }> {
  return once(fx, 'component list', () => createComponentList(t, fx));
}

async function componentListId(t: TestApp, fx: MatrixFixtures): Promise<number> {
  return (await componentList(t, fx)).id;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function lookupParam(segments: string[], index: number): ParamSource | undefined {
  const name = segments[index];
  const keys = [`/${segments.slice(0, index + 1).join('/')}`, index > 0 ? `${segments[index - 1]}/${name}` : null, name];
  for (const key of keys) if (key && PARAMS[key]) return PARAMS[key];
  return undefined;
}

/** The path parameters of the routes that have no fixture value, as `:param in METHOD /path/`. */
export function unresolvedParams(routes: { route: string }[]): string[] {
  return routes.flatMap(({ route }) => {
    const segments = segmentsOf(route.split(' ')[1]);
    return segments.flatMap((segment, index) => (segment.startsWith(':') && !lookupParam(segments, index) ? [`${segment} in ${route}`] : []));
  });
}

/** Routes naming a project-scoped object run once per scenario; the others once. */
function isScoped(path: string): boolean {
  const segments = segmentsOf(path);
  return segments.some((segment, index) => segment.startsWith(':') && lookupParam(segments, index)?.scoped);
}

interface ResolvedPath {
  path: string;
  params: Record<string, string>;
  /** For DELETE routes: whether the last parameter names an object made for this request. */
  disposable: boolean;
}

async function resolvePath(route: ReviewedRoute, ctx: Omit<ParamContext, 'params'>): Promise<ResolvedPath> {
  const segments = segmentsOf(route.path);
  const params: Record<string, string> = {};
  const lastParam = segments.map((segment) => segment.startsWith(':')).lastIndexOf(true);
  let disposable = false;
  const parts: string[] = [];
  for (const [index, segment] of segments.entries()) {
    if (!segment.startsWith(':')) {
      parts.push(segment);
      continue;
    }
    const source = lookupParam(segments, index);
    if (!source) throw new Error(`no fixture value for path parameter ${segment} of ${route.route}: add it to PARAMS in test/support/permission-matrix.ts`);
    const paramCtx = { ...ctx, params };
    let value: string | number;
    if (route.method === 'DELETE' && index === lastParam && source.disposable) {
      value = await source.disposable(paramCtx);
      disposable = true;
    } else {
      value = await source.value(paramCtx);
    }
    params[segment.slice(1)] = String(value);
    parts.push(encodeURIComponent(String(value)));
  }
  return { path: `/${parts.join('/')}/`, params, disposable };
}

// ---------------------------------------------------------------------------------------------------------
// Expectations

interface Expected {
  /** As shown in the matrix: an exact status, `ok` or `≠401`. */
  label: string;
  /** Whether the policy lets the caller in (allowed requests that would destroy shared fixtures are not sent). */
  allowed: boolean;
  accepts: (status: number) => boolean;
}

const exactly = (status: 400 | 401 | 403 | 404): Expected => ({ label: String(status), allowed: false, accepts: (actual) => actual === status });
/** Past the guard: not refused (and for a route naming an object, that object found), and no server error. */
const OK: Expected = { label: 'ok', allowed: true, accepts: (s) => s < 500 && s !== 401 && s !== 403 };
const OK_FOUND: Expected = { label: 'ok', allowed: true, accepts: (s) => s < 500 && s !== 401 && s !== 403 && s !== 404 };
/** `authenticated` promises a signed-in caller the guard only; what the handler checks on top (self or user.edit) is its own. */
const SIGNED_IN: Expected = { label: '≠401', allowed: true, accepts: (s) => s < 500 && s !== 401 };

const LEGEND = [
  'ok   = allowed by the policy: not 401/403, not 404 on routes naming an object, not 5xx',
  '≠401 = "authenticated" route, signed-in caller: past the guard (the handler may still refuse, e.g. someone else\'s notifications)',
  'skip = allowed but not sent: a DELETE of a shared fixture, or a repository operation that would run',
].join('\n');

/** The project permission a policy asks for on its target, given the request body (repository operations name it there). */
function targetPermission(policy: AccessPolicy, body: Record<string, unknown>): ProjectPermission | null | 'invalid' {
  if (policy.kind === 'permission') return policy.permission;
  if (policy.kind === 'repository-operation') {
    const operation = body.operation;
    return (typeof operation === 'string' && Object.prototype.hasOwnProperty.call(REPOSITORY_OPERATIONS, operation) && REPOSITORY_OPERATIONS[operation]) || 'invalid';
  }
  return null;
}

/**
 * What the policy guard does with this caller, from the policy alone: the generator's one source of truth.
 * What the caller cannot see is 404 (whoever they are); what they see but may not do is 403, or 401 when
 * they are anonymous and might be allowed once signed in.
 */
export function expectedFor(
  policy: AccessPolicy, caller: Caller, scope: PermissionScope | null, requireLogin: boolean, body: Record<string, unknown> = {}, manage?: Permission,
): Expected {
  const anonymous = caller.user.isAnonymous;
  if (policy.kind === 'open') return OK;
  if (anonymous && requireLogin) return exactly(401);
  const denied = exactly(anonymous ? 401 : 403);
  switch (policy.kind) {
    case 'public':
      return OK;
    case 'authenticated':
      return anonymous ? exactly(401) : SIGNED_IN;
    case 'site-permission':
      return caller.permissions.hasSite(policy.permission) ? OK : denied;
    case 'view':
    case 'permission':
    case 'repository-operation': {
      const permission = targetPermission(policy, body);
      // The operation is read from the body before the target is loaded: a missing or unknown one is a 400 for anyone.
      if (permission === 'invalid') return exactly(400);
      if (!scope) throw new Error(`a ${policy.kind} policy needs the scope of its ${policy.target}`);
      if (!caller.permissions.canSee(scope)) return exactly(404);
      if (permission && !caller.permissions.can(permission, scope)) return denied;
      return OK_FOUND;
    }
    case 'manage': {
      // The matrix's add-ons are component add-ons: seen as their component is, managed with what the loader names.
      if (!scope || !manage) throw new Error(`a manage policy needs the scope of its ${policy.target} and the permission to manage it`);
      if (!caller.permissions.canSee(scope)) return exactly(404);
      return caller.permissions.can(manage, scope) ? OK_FOUND : denied;
    }
    default: {
      const unknown: never = policy;
      throw new Error(`the permission matrix does not know policy ${JSON.stringify(unknown)}: teach expectedFor about it`);
    }
  }
}

/** A request body to send with the route, and whether the policy's allowed callers may be sent it. */
interface Variant {
  label: string;
  body: Record<string, unknown>;
  /** False when an allowed request would do real work on shared fixtures (then only the refusals are sent). */
  sendAllowed: boolean;
}

/**
 * Guards run before pipes, so an empty body is refused (400) only once the policy has let the caller in; a
 * policy that reads the body gets one variant per value that changes the decision.
 */
function variantsOf(policy: AccessPolicy): Variant[] {
  if (policy.kind === 'repository-operation') {
    return Object.keys(REPOSITORY_OPERATIONS).map((operation) => ({ label: operation, body: { operation }, sendAllowed: false }));
  }
  return [{ label: '', body: {}, sendAllowed: true }];
}

// ---------------------------------------------------------------------------------------------------------
// Running a row

export interface Cell {
  scenario: string;
  caller: CallerName;
  path: string;
  expected: Expected;
  /** The status answered, or 'skip' when the request was not sent. */
  actual: number | 'skip';
  pass: boolean;
}

async function send(t: TestApp, method: string, path: string, auth: string | undefined, body: Record<string, unknown>): Promise<number> {
  const http = t.http();
  const methods = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete, HEAD: http.head, OPTIONS: http.options };
  const start = methods[method as keyof typeof methods];
  if (!start) throw new Error(`the permission matrix can not send ${method} requests`);
  const req = start.call(http, path);
  if (auth) req.set('Authorization', auth);
  const res = method === 'GET' || method === 'HEAD' ? await req : await req.send(body);
  return res.status;
}

/** The object a route names, as the policy guard sees it: where permissions are checked, and what managing it takes. */
interface PolicyTarget {
  scope: PermissionScope | null;
  manage?: Permission;
}

async function loadTarget(
  t: TestApp, policy: AccessPolicy, route: ReviewedRoute, params: Record<string, string>, path: string,
): Promise<PolicyTarget | null> {
  if (policy.kind !== 'view' && policy.kind !== 'permission' && policy.kind !== 'repository-operation' && policy.kind !== 'manage') return null;
  const target = await t.app.get(TargetLoader).load(policy.target, params);
  if (!target) throw new Error(`fixture problem: ${path} names no ${policy.target} (${route.route})`);
  return target;
}

/** The expectation of one cell without sending anything (for checking the generator itself). */
export async function expectedCell(
  t: TestApp, fx: MatrixFixtures, route: ReviewedRoute, scenarioLabel: string, callerName: CallerName, body: Record<string, unknown> = {},
): Promise<string> {
  const scenario = fx.scenarios.find((s) => s.label === scenarioLabel)!;
  const caller = fx.callers.find((c) => c.name === callerName)!;
  const { path, params } = await resolvePath(route, { t, fx, scenario });
  if (!route.policy) throw new Error(`${route.route} has no policy`);
  const target = await loadTarget(t, route.policy, route, params, path);
  return expectedFor(route.policy, caller, target?.scope ?? null, fx.requireLogin, body, target?.manage).label;
}

/** Sends the route's request as every caller (in every scenario, for routes naming a project-scoped object). */
export async function runRow(t: TestApp, fx: MatrixFixtures, route: ReviewedRoute): Promise<Cell[]> {
  const { policy } = route;
  if (!policy || !isHandledPolicy(policy)) throw new Error(`${route.route} has a policy the matrix does not know: ${JSON.stringify(policy)}`);
  const cells: Cell[] = [];
  const scoped = isScoped(route.path);
  for (const variant of variantsOf(policy)) {
    for (const scenario of scoped ? fx.scenarios : [fx.scenarios[0]]) {
      const label = [scoped ? scenario.label : '—', variant.label].filter(Boolean).join(' · ');
      for (const caller of fx.callers) {
        const { path, params, disposable } = await resolvePath(route, { t, fx, scenario });
        const target = await loadTarget(t, policy, route, params, path);
        const expected = expectedFor(policy, caller, target?.scope ?? null, fx.requireLogin, variant.body, target?.manage);
        if (expected.allowed && (!variant.sendAllowed || (route.method === 'DELETE' && !disposable))) {
          cells.push({ scenario: label, caller: caller.name, path, expected, actual: 'skip', pass: true });
          continue;
        }
        const actual = await send(t, route.method, path, caller.auth, variant.body);
        cells.push({ scenario: label, caller: caller.name, path, expected, actual, pass: expected.accepts(actual) });
      }
    }
  }
  return cells;
}

/** The row as a table, expected → actual per caller, failures marked ✗. */
export function renderRow(route: ReviewedRoute, cells: Cell[]): string {
  const scenarios = [...new Set(cells.map((cell) => cell.scenario))];
  const header = ['scenario', ...CALLER_NAMES];
  const rows = scenarios.map((scenario) => [
    scenario,
    ...CALLER_NAMES.map((caller) => {
      const cell = cells.find((c) => c.scenario === scenario && c.caller === caller)!;
      return `${cell.expected.label} → ${cell.actual}${cell.pass ? '' : ' ✗'}`;
    }),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)));
  const line = (row: string[]) => row.map((text, column) => text.padEnd(widths[column])).join(' | ');
  const failures = cells.filter((cell) => !cell.pass).map((cell) => `  ✗ ${cell.scenario}, ${cell.caller}: ${route.method} ${cell.path} expected ${cell.expected.label}, got ${cell.actual}`);
  return [
    `${route.route} → ${JSON.stringify(route.policy)}`,
    line(header),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.map(line),
    '',
    ...failures,
    '',
    LEGEND,
  ].join('\n');
}
