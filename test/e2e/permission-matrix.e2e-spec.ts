import {
  CALLER_NAMES, createMatrixFixtures, expectedCell, isHandledPolicy, MatrixFixtures, readReviewedRoutes, renderRow, ReviewedRoute, runRow,
  unresolvedParams,
} from '../support/permission-matrix';
import { collectRoutePolicies } from '../support/route-policies';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Who gets what on every route: anonymous, a user, a reviewer (default Reviewers group), a manager (default
 * Managers group), a component translator (a group naming the components of P and C with the Translate role), a
 * project token (Administration team of the public project P) and a superuser, each row generated from the
 * route's reviewed policy. Routes naming a project-scoped object run against a public (P), a protected (R), a
 * private (Q) project, a public project whose component is restricted (C), and a public project whose component
 * shares Q's working copy (L): the link opens nothing of Q.
 */
const reviewed = readReviewedRoutes();

describe('permission matrix', () => {
  let t: TestApp;
  let fx: MatrixFixtures;
  const byRoute = new Map<string, ReviewedRoute>(reviewed.map((route) => [route.route, route]));

  beforeAll(async () => {
    t = await createTestApp();
    fx = await createMatrixFixtures(t);
  }, 60_000);

  afterAll(() => t?.close());

  describe('the generator', () => {
    it('understands the policy kind of every route', () => {
      const live = collectRoutePolicies(t.app);
      const unknown = [...live, ...reviewed].filter(({ policy }) => !isHandledPolicy(policy)).map(({ route, policy }) => `${route} → ${JSON.stringify(policy)}`);
      expect(unknown).toEqual([]);
    });

    it('covers exactly the routes the app serves, with their reviewed policies', () => {
      // A difference means the route-policies snapshot is out of date: the matrix rows are generated from it.
      const live = collectRoutePolicies(t.app).map(({ route, policy }) => `${route} → ${JSON.stringify(policy)}`);
      expect(live).toEqual(reviewed.map(({ route, policy }) => `${route} → ${JSON.stringify(policy)}`));
    });

    it('has a fixture value for every path parameter', () => {
      expect(unresolvedParams([...collectRoutePolicies(t.app), ...reviewed])).toEqual([]);
    });

    it('derives the rules the issue states', async () => {
      const cell = (route: string, scenario: string, caller: (typeof CALLER_NAMES)[number]) => {
        const row = byRoute.get(route);
        if (!row) throw new Error(`${route} is no longer in the snapshot: pick another route for this check`);
        return expectedCell(t, fx, row, scenario, caller);
      };
      const P = 'public P';
      const Q = 'private Q';
      // Site permissions: managers hold none (Administration is project-scoped), project tokens never do.
      expect(await cell('POST /api/projects/', P, 'manager')).toBe('403');
      expect(await cell('POST /api/projects/', P, 'project token')).toBe('403');
      expect(await cell('POST /api/projects/', P, 'superuser')).toBe('ok');
      expect(await cell('POST /api/projects/', P, 'anonymous')).toBe('401');
      // Public routes still answer a project token.
      expect(await cell('GET /api/languages/', P, 'project token')).toBe('ok');
      // Project-scoped permissions follow visibility, then roles.
      expect(await cell('PATCH /api/projects/:project/', P, 'user')).toBe('403');
      expect(await cell('PATCH /api/projects/:project/', P, 'reviewer')).toBe('403');
      expect(await cell('PATCH /api/projects/:project/', P, 'manager')).toBe('ok');
      expect(await cell('PATCH /api/projects/:project/', P, 'project token')).toBe('ok');
      expect(await cell('PATCH /api/projects/:project/', Q, 'user')).toBe('404');
      expect(await cell('PATCH /api/projects/:project/', Q, 'reviewer')).toBe('403');
      expect(await cell('PATCH /api/projects/:project/', Q, 'project token')).toBe('404');
      // What the caller cannot see is 404 even when anonymous; what they see but may not do is 401 for them.
      expect(await cell('PATCH /api/projects/:project/', P, 'anonymous')).toBe('401');
      expect(await cell('PATCH /api/projects/:project/', Q, 'anonymous')).toBe('404');
      expect(await cell('GET /api/projects/:project/', P, 'anonymous')).toBe('ok');
      expect(await cell('GET /api/projects/:project/', Q, 'anonymous')).toBe('404');
      expect(await cell('GET /api/groups/', P, 'anonymous')).toBe('401');
      expect(await cell('GET /api/groups/', P, 'user')).toBe('≠401');
      // A restricted component: only the group naming it and superusers reach it, not "all projects" managers.
      const C = 'restricted C';
      expect(await cell('GET /api/components/:project/:component/', C, 'anonymous')).toBe('404');
      expect(await cell('GET /api/components/:project/:component/', C, 'manager')).toBe('404');
      expect(await cell('GET /api/components/:project/:component/', C, 'component translator')).toBe('ok');
      expect(await cell('GET /api/components/:project/:component/', C, 'superuser')).toBe('ok');
      expect(await cell('GET /api/projects/:project/', C, 'anonymous')).toBe('ok');
      // A component-scoped group grants on its components, not on their project.
      expect(await cell('PATCH /api/units/:id/', P, 'component translator')).toBe('ok');
      expect(await cell('PATCH /api/units/:id/', C, 'component translator')).toBe('ok');
      expect(await cell('PATCH /api/projects/:project/', P, 'component translator')).toBe('403');
      expect(await cell('GET /api/components/:project/:component/', Q, 'component translator')).toBe('404');
      // A component sharing a private project's working copy is judged by its own project, and Q stays hidden.
      expect(await cell('GET /api/components/:project/:component/', 'linked L', 'anonymous')).toBe('ok');
      expect(await cell('PATCH /api/components/:project/:component/', 'linked L', 'user')).toBe('403');
      expect(await cell('GET /api/components/:project/:component/', Q, 'user')).toBe('404');
    });
  });

  it.each(reviewed.map(({ route }) => route))('%s', async (route) => {
    const row = byRoute.get(route)!;
    const cells = await runRow(t, fx, row);
    // PERMISSION_MATRIX_PRINT=1 prints every row, for reviewing the whole matrix.
    if (process.env.PERMISSION_MATRIX_PRINT) process.stdout.write(`\n${renderRow(row, cells)}\n`);
    if (cells.some((cell) => !cell.pass)) throw new Error(`\n${renderRow(row, cells)}`);
  });
});
