import { randomInt } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Response } from 'supertest';
import { allows, ObjectRule, registeredObjectRules } from '../../src/auth/policy/object-rules';
import { TargetKind, TargetLoader } from '../../src/auth/policy/target';
import { PermissionScope } from '../../src/auth/user-permissions';
import { UrlBuilder } from '../../src/core/urls/url-builder';
import { Permission, ProjectSelection } from '../../src/auth/permissions.data';
import { PermissionService } from '../../src/auth/permission.service';
import { createComponent } from '../factories/component.factory';
import { createGroup } from '../factories/group.factory';
import { createRole } from '../factories/role.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser } from '../factories/user.factory';
import { createMatrixFixtures, expectedFor, MatrixFixtures, readReviewedRoutes } from '../support/permission-matrix';
import { createTestApp, TestApp } from '../support/test-app';

/*
 * Object rules: the permissions services check beyond a route's policy (`*.rules.ts`). Every registered rule is
 * probed with the permission matrix's callers: each caller the route's policy lets in is sent a request that asks
 * for the rule, and is refused exactly when the rule does not allow them. A rule without a probe fails the suite.
 */

// Every rules file registers its rules when loaded; load them all, as the app does through the services.
function loadRuleFiles(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) loadRuleFiles(path);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the files are found at run time, so they load by path
    else if (entry.name.endsWith('.rules.ts')) require(path);
  }
}
loadRuleFiles(join(__dirname, '../../src'));

type Caller = MatrixFixtures['callers'][number];

interface ProbeContext {
  t: TestApp;
  fx: MatrixFixtures;
  caller: Caller;
}

interface Probe {
  /** The rules the request asks for; it is refused when any of them does not allow the caller. */
  rules: ObjectRule[];
  /** `METHOD /path/` as in the route-policies snapshot: whose policy decides who gets past the guard. */
  route: string;
  /** The route's target (for its policy) and the object the rules are checked on, by kind and path parameters. */
  target?: { kind: TargetKind; params: (fx: MatrixFixtures) => Record<string, string> };
  ruleObject?: { kind: TargetKind; params: (fx: MatrixFixtures) => Record<string, string> };
  /** Callers an earlier check decides for (e.g. who cannot see the project the body names) are not judged. */
  judges?: (caller: Caller, ruleScope: PermissionScope | null) => boolean;
  send: (ctx: ProbeContext) => Promise<Response>;
  /** How a refusal by the rule looks. */
  refused: (res: Response) => boolean;
}

const HOST = 'object-rules.test';
const urls = new UrlBuilder(`http://${HOST}`);
const P = (fx: MatrixFixtures) => fx.scenarios[0];
const ofComponent = (fx: MatrixFixtures) => ({ project: P(fx).project.slug, component: P(fx).component.slug });
const ofTranslation = (fx: MatrixFixtures) => ({ ...ofComponent(fx), language: 'cs' });
const forbidden = (detail?: string) => (res: Response) => res.status === 403 && (detail === undefined || res.body.detail === detail);
/** A file no format reads: the upload is refused (403) or fails to parse (400), and changes nothing either way. */
const BROKEN_PO = Buffer.from('msgid "unterminated\n');
const PROBE_TMX = Buffer.from('<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Probe</seg></tuv><tuv xml:lang="cs"><seg>Sonda</seg></tuv></tu></body></tmx>');

function request(ctx: ProbeContext, method: 'get' | 'post' | 'patch' | 'delete', path: string) {
  const req = ctx.t.http()[method](path).set('Host', HOST);
  return ctx.caller.auth ? req.set('Authorization', ctx.caller.auth) : req;
}

/**
 * A signed-in caller holding exactly these permissions on P (none of the default groups): the matrix's callers hold
 * whole roles, in which the route's permission and the rule's usually come together, so this one shows the rule
 * refusing someone the route lets in.
 */
async function narrowCaller(t: TestApp, fx: MatrixFixtures, permissions: Permission[]): Promise<Caller> {
  const { user, auth } = await createUser(t);
  await t.dataSource.query('DELETE FROM user_groups WHERE user_id = $1', [user.id]);
  if (permissions.length) {
    const role = await createRole(t, { permissions });
    const group = await createGroup(t, { projectSelection: ProjectSelection.AsDefined, roles: [role], members: [user] });
    await t.dataSource.query('INSERT INTO group_projects (group_id, project_id) VALUES ($1, $2)', [group.id, P(fx).project.id]);
  }
  return { name: 'user', auth, user, permissions: await t.app.get(PermissionService).forUser(user) };
}

/**
 * A new string of the Czech translation of P's component (or of another component of P), so an edit that is allowed
 * changes no other probe's string; strings of one content hash are the same string to propagation.
 */
async function newUnit(t: TestApp, fx: MatrixFixtures, componentId = P(fx).component.id, contentHash = 1): Promise<number> {
  const [{ id }]: { id: number }[] = await t.dataSource.query(
    `INSERT INTO units (translation_id, id_hash, content_hash, source, target, state)
     SELECT id, (random() * 1e15)::bigint, $2, '{Hello}', '{Ahoj}', 20 FROM translations WHERE component_id = $1 AND language_code = 'cs'
     RETURNING id`,
    [componentId, contentHash],
  );
  return id;
}

/**
 * A second, restricted component of P, which takes the edits propagated from P's component: the callers translating
 * all of P (its public project's default groups) do not reach it, superusers do.
 */
const TWIN = 'propagation-twin';

/** A fresh memory entry of the project (or site-wide, without one), so each caller's deletion has its own. */
async function newMemoryEntry(t: TestApp, projectId: number | null): Promise<number> {
  const [{ id }] = await t.dataSource.query(
    `INSERT INTO memory (source, target, source_language_id, target_language_id, origin, project_id)
     SELECT md5(random()::text), 'Ahoj', en.id, cs.id, 'probe', $1 FROM languages en, languages cs WHERE en.code = 'en' AND cs.code = 'cs'
     RETURNING id`,
    [projectId],
  );
  return id;
}

function upload(rules: ObjectRule[], fields: Record<string, string>): Probe {
  return {
    rules,
    route: 'POST /api/translations/:project/:component/:language/file/',
    target: { kind: 'translation', params: ofTranslation },
    send: (ctx) => {
      const { project, component } = ofComponent(ctx.fx);
      const req = request(ctx, 'post', `/api/translations/${project}/${component}/cs/file/`);
      for (const [name, value] of Object.entries(fields)) req.field(name, value);
      return req.attach('file', BROKEN_PO, 'cs.po');
    },
    refused: forbidden(),
  };
}

function probes(rules: Map<string, ObjectRule>): Record<string, Probe> {
  const rule = (name: string) => {
    const found = rules.get(name);
    if (!found) throw new Error(`no object rule ${name} is registered: update the probe`);
    return found;
  };
  const translate = rule('upload.translate');
  return {
    'unit.edit-source-fields': {
      rules: [rule('unit.edit-source-fields')],
      route: 'PATCH /api/units/:id/',
      send: async (ctx) => request(ctx, 'patch', `/api/units/${await newUnit(ctx.t, ctx.fx)}/`).send({ explanation: 'Shown on the start page' }),
      target: { kind: 'translation', params: ofTranslation },
      refused: forbidden('You do not have permission to perform this action.'),
    },
    'unit.review': {
      rules: [rule('unit.review')],
      route: 'PATCH /api/units/:id/',
      send: async (ctx) => request(ctx, 'patch', `/api/units/${await newUnit(ctx.t, ctx.fx)}/`).send({ target: ['Ahoj!'], state: 30 }),
      target: { kind: 'translation', params: ofTranslation },
      refused: forbidden('Insufficient privileges for approving translations.'),
    },
    'unit.propagate': {
      rules: [rule('unit.propagate')],
      route: 'PATCH /api/units/:id/',
      target: { kind: 'translation', params: ofTranslation },
      ruleObject: { kind: 'translation', params: (fx) => ({ ...ofTranslation(fx), component: TWIN }) },
      // The edit itself is saved either way; the answer is its twin in the other component, as stored afterwards.
      send: async (ctx) => {
        const hash = randomInt(2, 1e12);
        const edited = await newUnit(ctx.t, ctx.fx, P(ctx.fx).component.id, hash);
        const twinId = (await ctx.t.dataSource.query('SELECT id FROM components WHERE project_id = $1 AND slug = $2', [P(ctx.fx).project.id, TWIN]))[0].id;
        const twin = await newUnit(ctx.t, ctx.fx, twinId, hash);
        const res = await request(ctx, 'patch', `/api/units/${edited}/`).send({ target: ['Nazdar'], state: 20 });
        if (res.status !== 200) throw new Error(`the edit itself answered ${res.status}: ${JSON.stringify(res.body)}`);
        return ctx.t.http().get(`/api/units/${twin}/`).set('Authorization', ctx.fx.superuser.auth);
      },
      refused: (res) => res.status === 200 && res.body.target[0] === 'Ahoj',
    },
    'upload.translate': upload([translate], { method: 'translate' }),
    'upload.approve': upload([rule('upload.approve')], { method: 'approve' }),
    'upload.suggest': upload([rule('upload.suggest')], { method: 'suggest' }),
    'upload.add': upload([rule('upload.add')], { method: 'add' }),
    'upload.replace-file': upload([translate, rule('upload.replace-file')], { method: 'replace' }),
    'upload.overwrite': upload([translate, rule('upload.overwrite')], { conflicts: 'replace-translated' }),
    'upload.overwrite-approved': upload([translate, rule('upload.overwrite'), rule('upload.overwrite-approved')], { conflicts: 'replace-approved' }),
    'upload.authorship': upload([translate, rule('upload.authorship')], { author_name: 'Ann', author_email: 'ann@example.org' }),
    'autotranslate.approve': {
      rules: [rule('autotranslate.approve')],
      route: 'POST /api/translations/:project/:component/:language/autotranslate/',
      target: { kind: 'translation', params: ofTranslation },
      // A search no string matches: whoever the rule lets past starts a task that changes nothing.
      send: (ctx) => {
        const { project, component, language } = ofTranslation(ctx.fx);
        return request(ctx, 'post', `/api/translations/${project}/${component}/${language}/autotranslate/`).send({ mode: 'approved', q: 'source:=never-a-source' });
      },
      refused: (res) => res.status === 400 && res.body.errors?.[0]?.attr === 'mode',
    },
    'translation.add-without-new-lang': {
      rules: [rule('translation.add-without-new-lang')],
      route: 'POST /api/components/:project/:component/translations/',
      target: { kind: 'component', params: ofComponent },
      // Czech exists already: whoever the rule lets past is told so (400), and nothing is added.
      send: (ctx) => request(ctx, 'post', `/api/components/${ofComponent(ctx.fx).project}/${ofComponent(ctx.fx).component}/translations/`).send({ language_code: 'cs' }),
      refused: forbidden('You do not have permissions to add new translation file.'),
    },
    'component.share-into-project': {
      rules: [rule('component.share-into-project')],
      route: 'POST /api/components/:project/:component/links/',
      target: { kind: 'component', params: ofComponent },
      ruleObject: { kind: 'project', params: (fx) => ({ project: fx.scenarios[1].project.slug }) },
      // Who cannot see the project is told it does not exist, before any permission is asked.
      judges: (caller, scope) => scope !== null && caller.permissions.canSee(scope),
      send: (ctx) =>
        request(ctx, 'post', `/api/components/${ofComponent(ctx.fx).project}/${ofComponent(ctx.fx).component}/links/`).send({ project_slug: ctx.fx.scenarios[1].project.slug }),
      refused: forbidden('Can not edit the project the component would be shared with.'),
    },
    'component.use-repository': {
      rules: [rule('component.use-repository')],
      route: 'POST /api/projects/:project/components/',
      target: { kind: 'project', params: (fx) => ({ project: P(fx).project.slug }) },
      ruleObject: { kind: 'component', params: ofComponent },
      judges: (caller, scope) => scope !== null && caller.permissions.canSee(scope),
      // An unknown source language is refused after the link is checked, so nothing is created either way.
      send: (ctx) =>
        request(ctx, 'post', `/api/projects/${P(ctx.fx).project.slug}/components/`).send({
          name: 'Linked', slug: 'linked', repo: `weblate://${P(ctx.fx).project.slug}/${P(ctx.fx).component.slug}`,
          filemask: 'po/*.po', file_format: 'po', source_language: { code: 'xx-none' },
        }),
      refused: (res) => res.status === 400 && res.body.errors?.[0]?.attr === 'repo' && res.body.errors[0].code === 'permission_denied',
    },
    'component.see-repository': {
      rules: [rule('component.see-repository')],
      route: 'GET /api/components/:project/:component/',
      target: { kind: 'component', params: ofComponent },
      send: (ctx) => request(ctx, 'get', `/api/components/${ofComponent(ctx.fx).project}/${ofComponent(ctx.fx).component}/`),
      refused: (res) => res.status === 200 && res.body.repo === null && res.body.filemask === null,
    },
    'category.create-in-project': {
      rules: [rule('category.create-in-project')],
      route: 'POST /api/categories/',
      ruleObject: { kind: 'project', params: (fx) => ({ project: P(fx).project.slug }) },
      send: (ctx) =>
        request(ctx, 'post', '/api/categories/').send({ name: `Probe ${ctx.caller.name}`, slug: `probe-${ctx.caller.user.id}`, project: urls.project(P(ctx.fx).project.slug) }),
      refused: forbidden('Can not edit this project.'),
    },
    'screenshot.add-to-translation': {
      rules: [rule('screenshot.add-to-translation')],
      route: 'POST /api/screenshots/',
      ruleObject: { kind: 'translation', params: ofTranslation },
      // Without an image: whoever the rule lets past is told the image is missing (400), and nothing is stored.
      send: (ctx) =>
        request(ctx, 'post', '/api/screenshots/').field({ name: 'Probe', project_slug: P(ctx.fx).project.slug, component_slug: P(ctx.fx).component.slug, language_code: 'cs' }),
      refused: forbidden('Can not add screenshot.'),
    },
    'user.see-accounts': {
      rules: [rule('user.see-accounts')],
      route: 'GET /api/users/:username/',
      send: (ctx) => request(ctx, 'get', `/api/users/${ctx.fx.other.user.username}/`),
      // Without it a signed-in caller sees the basic fields; an anonymous one sees no account at all.
      refused: (res) => (res.status === 200 && res.body.email === undefined) || res.status === 404,
    },
    'user.manage-others-notifications': {
      rules: [rule('user.manage-others-notifications')],
      route: 'GET /api/users/:username/notifications/',
      send: (ctx) => request(ctx, 'get', `/api/users/${ctx.fx.other.user.username}/notifications/`),
      refused: forbidden(),
    },
    'group.see-all': {
      rules: [rule('group.see-all')],
      route: 'GET /api/groups/:id/',
      send: (ctx) => request(ctx, 'get', `/api/groups/${ctx.fx.groupId}/`),
      refused: (res) => res.status === 404,
    },
    'role.see-all': {
      rules: [rule('role.see-all')],
      route: 'GET /api/roles/:id/',
      send: (ctx) => request(ctx, 'get', `/api/roles/${ctx.fx.roleId}/`),
      refused: (res) => res.status === 404,
    },
    'language.see-all': {
      rules: [rule('language.see-all')],
      route: 'GET /api/languages/:code/',
      // A language no project translates into.
      send: (ctx) => request(ctx, 'get', '/api/languages/x-untranslated/'),
      refused: (res) => res.status === 404,
    },
    'memory.delete': {
      rules: [rule('memory.delete')],
      route: 'DELETE /api/memory/:id/',
      ruleObject: { kind: 'project', params: (fx) => ({ project: P(fx).project.slug }) },
      // Who cannot see the project is told the entry does not exist (404) before the rule is asked.
      judges: (caller, scope) => scope !== null && caller.permissions.canSee(scope),
      send: async (ctx) => request(ctx, 'delete', `/api/memory/${await newMemoryEntry(ctx.t, P(ctx.fx).project.id)}/`),
      refused: forbidden('Can not delete memory entry'),
    },
    'memory.edit': {
      rules: [rule('memory.edit')],
      route: 'POST /api/memory/',
      ruleObject: { kind: 'project', params: (fx) => ({ project: P(fx).project.slug }) },
      // Who cannot see the project is told it does not exist (404) before the rule is asked.
      judges: (caller, scope) => scope !== null && caller.permissions.canSee(scope),
      send: (ctx) => request(ctx, 'post', '/api/memory/').field('project', P(ctx.fx).project.slug).attach('file', PROBE_TMX, 'probe.tmx'),
      refused: forbidden('Can not edit memory'),
    },
    'memory.manage-site-wide': {
      rules: [rule('memory.manage-site-wide')],
      route: 'GET /api/memory/:id/',
      send: async (ctx) => request(ctx, 'get', `/api/memory/${await newMemoryEntry(ctx.t, null)}/`),
      refused: (res) => res.status === 404,
    },
    'membership.manage-any': {
      rules: [rule('membership.manage-any')],
      route: 'POST /api/users/:username/groups/',
      send: (ctx) => request(ctx, 'post', `/api/users/${ctx.fx.other.user.username}/groups/`).send({ group_id: ctx.fx.groupId }),
      refused: forbidden(),
    },
    ...addonProbes(rule),
  };
}

/** The add-ons the probes show: a webhook (whose secret is shown to managers only) of P's component, of P, and site-wide. */
const ADDONS: { component: number; project: number; site: number } = { component: 0, project: 0, site: 0 };

async function createAddons(t: TestApp, fx: MatrixFixtures): Promise<void> {
  const insert = async (componentId: number | null, projectId: number | null) => {
    const [{ id }]: { id: number }[] = await t.dataSource.query(
      `INSERT INTO addons (name, component_id, project_id, configuration)
       VALUES ('weblate.webhook.webhook', $1, $2, '{"webhook_url": "https://example.com/hook", "secret": "c2VjcmV0", "events": []}') RETURNING id`,
      [componentId, projectId],
    );
    return id;
  };
  ADDONS.component = await insert(P(fx).component.id, null);
  ADDONS.project = await insert(null, P(fx).project.id);
  ADDONS.site = await insert(null, null);
}

function addonProbes(rule: (name: string) => ObjectRule): Record<string, Probe> {
  const showsSecret = (id: () => number, name: string): Probe => ({
    rules: [rule(name)],
    route: 'GET /api/addons/:id/',
    target: { kind: 'addon', params: () => ({ id: String(id()) }) },
    send: (ctx) => request(ctx, 'get', `/api/addons/${id()}/`),
    refused: (res) => res.status === 200 && !('secret' in res.body.configuration),
  });
  return {
    'addon.manage-on-component': showsSecret(() => ADDONS.component, 'addon.manage-on-component'),
    'addon.manage-on-project': showsSecret(() => ADDONS.project, 'addon.manage-on-project'),
    'addon.manage-site-wide': {
      rules: [rule('addon.manage-site-wide')],
      route: 'GET /api/addons/',
      send: (ctx) => request(ctx, 'get', '/api/addons/?page_size=1000'),
      refused: (res) => res.status === 200 && !(res.body.results as { id: number }[]).some((addon) => addon.id === ADDONS.site),
    },
  };
}

describe('object rules', () => {
  let t: TestApp;
  let fx: MatrixFixtures;
  const rules = new Map(registeredObjectRules().map((rule) => [rule.name, rule]));
  const all = probes(rules);
  const policies = new Map(readReviewedRoutes().map((route) => [route.route, route.policy]));

  beforeAll(async () => {
    t = await createTestApp();
    fx = await createMatrixFixtures(t);
    // The strings of P's source translation may be approved, so approving asks for unit.review; translators may
    // not add languages to P's component.
    await t.dataSource.query('UPDATE projects SET source_review = true WHERE id = $1', [P(fx).project.id]);
    await t.dataSource.query(`UPDATE components SET new_lang = 'contact' WHERE id = $1`, [P(fx).component.id]);
    await t.dataSource.query(`INSERT INTO languages (code, name) VALUES ('x-untranslated', 'Untranslated')`);
    await createTranslation(t, await createComponent(t, P(fx).project, { slug: TWIN, restricted: true }), 'cs');
    await createAddons(t, fx);
  }, 60_000);

  afterAll(() => t?.close());

  it('has a probe for every registered rule', () => {
    const probed = new Set(Object.values(all).flatMap((probe) => probe.rules.map((rule) => rule.name)));
    expect([...rules.keys()].filter((name) => !probed.has(name))).toEqual([]);
    expect(Object.keys(all).sort()).toEqual([...rules.keys()].sort());
  });

  it.each(Object.keys(all))('%s: refuses exactly the callers the rule does not allow', async (name) => {
    const probe = all[name];
    const policy = policies.get(probe.route);
    if (!policy) throw new Error(`${probe.route} is not in the route-policies snapshot`);
    const scopeOf = async (object?: Probe['target']) => (object ? ((await t.app.get(TargetLoader).load(object.kind, object.params(fx)))?.scope ?? null) : null);
    const routeScope = await scopeOf(probe.target);
    const ruleScope = await scopeOf(probe.ruleObject ?? probe.target);
    // The narrow caller holds what the route asks for and every rule of the probe but the one it is about.
    const held = [policy.kind === 'permission' ? [policy.permission] : [], ...probe.rules.slice(0, -1).map((rule) => [rule.permission])].flat();
    const narrow = { ...(await narrowCaller(t, fx, held)), label: 'narrow' };
    const rows: string[] = [];
    for (const caller of [...fx.callers.map((c) => ({ ...c, label: c.name })), narrow]) {
      if (!expectedFor(policy, caller, routeScope, fx.requireLogin).allowed) continue;
      if (probe.judges && !probe.judges(caller, ruleScope)) continue;
      const allowed = probe.rules.every((rule) => allows(caller.permissions, rule, ruleScope ?? undefined));
      const res = await probe.send({ t, fx, caller });
      const refused = probe.refused(res);
      const fine = res.status < 500 && refused === !allowed;
      rows.push(`${fine ? 'ok  ' : 'FAIL'} ${caller.label}: rule ${allowed ? 'allows' : 'refuses'}, answered ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
    }
    // At least one caller on each side, so the probe shows the rule both refusing and letting through.
    expect(rows.some((row) => row.includes('rule allows'))).toBe(true);
    expect(rows.some((row) => row.includes('rule refuses'))).toBe(true);
    expect(rows.filter((row) => row.startsWith('FAIL'))).toEqual([]);
  });
});
