import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser } from '../factories/user.factory';
import { apiCall } from '../support/api-call';
import { createTestApp, TestApp } from '../support/test-app';

const HOST = 'metrics.test';

describe('metrics', () => {
  let t: TestApp;
  const get = (path: string, auth?: string) => apiCall(t, HOST, 'get', path, auth);

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('refuses anonymous callers with 401', async () => {
    const refused = await get('/api/metrics/').expect(401);
    expect(refused.body.detail).toBe('Authentication credentials were not provided.');
  });

  it('counts what the API shows, the strings from the translations stored statistics', async () => {
    const viewer = await createUser(t);
    const before = (await get('/api/metrics/', viewer.auth).expect(200)).body;
    const project = await createProject(t);
    const component = await createComponent(t, project);
    await createTranslation(t, component, 'cs', { total: 7, translated: 3, failing: 2 });
    await createTranslation(t, component, 'de', { total: 7, translated: 5 });
    await createUser(t);
    const after = (await get('/api/metrics/', viewer.auth).expect(200)).body;

    expect(Object.keys(after).sort()).toEqual([
      'celery_queues', 'changes', 'checks', 'components', 'configuration_errors', 'languages', 'name', 'projects',
      'suggestions', 'translations', 'units', 'units_translated', 'users',
    ]);
    expect(after).toMatchObject({
      units: before.units + 14,
      units_translated: before.units_translated + 8,
      checks: before.checks + 2,
      translations: before.translations + 2,
      components: before.components + 1,
      projects: before.projects + 1,
      users: before.users + 1,
      configuration_errors: 0,
      name: 'Weblate',
    });
    const admin = await createUser(t, { isSuperuser: true });
    const counted = async (path: string) => (await get(path, admin.auth).expect(200)).body.count;
    expect(after.projects).toBe(await counted('/api/projects/'));
    expect(after.components).toBe(await counted('/api/components/'));
    expect(after.translations).toBe(await counted('/api/translations/'));
    expect(after.languages).toBe(await counted('/api/languages/'));
    expect(after.changes).toBe(await counted('/api/changes/'));
    expect(after.celery_queues).toEqual({ tasks: expect.any(Number), events: expect.any(Number) });
  });

  describe('for Prometheus (?format=openmetrics)', () => {
    /** The samples of an OpenMetrics text, by name and labels as written; each family's TYPE must come before its samples. */
    function samples(text: string): Map<string, number> {
      const typed = new Set<string>();
      const found = new Map<string, number>();
      for (const line of text.trimEnd().split('\n')) {
        const type = /^# TYPE (\S+) (gauge|counter|histogram)$/.exec(line);
        if (type) typed.add(type[1]);
        if (line.startsWith('#')) continue;
        const [, name, labels, value] = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line) ?? [];
        expect([...typed].some((family) => name === family || name.startsWith(`${family}_`))).toBe(true);
        found.set(`${name}${labels ?? ''}`, Number(value));
      }
      return found;
    }

    it("renders Weblate's metrics as gauges, then the requests per route group, and ends with # EOF", async () => {
      const viewer = await createUser(t);
      const json = (await get('/api/metrics/', viewer.auth).expect(200)).body;
      const response = await get('/api/metrics/?format=openmetrics', viewer.auth).expect(200);
      expect(response.headers['content-type']).toBe('application/openmetrics-text; version=1.0.0; charset=utf-8');
      expect(response.text.endsWith('# EOF\n')).toBe(true);
      expect(response.text).toContain('# HELP weblate_units Number of strings\n# TYPE weblate_units gauge\n');
      const found = samples(response.text);
      expect(found.get('weblate_projects')).toBe(json.projects);
      expect(found.get('weblate_languages')).toBe(json.languages);
      expect(found.get('weblate_configuration_errors')).toBe(0);
      expect(found.get('weblate_celery_queues{queue="tasks"}')).toBe(json.celery_queues.tasks);
      expect(response.text).not.toContain(json.name);
    });

    it('counts each request under the section of the route that answered it, with its latency, the same on every replica', async () => {
      const viewer = await createUser(t);
      const scrape = async () => samples((await get('/api/metrics/?format=openmetrics', viewer.auth).expect(200)).text);
      const before = await scrape();
      const delta = (after: Map<string, number>, key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);
      await get('/api/projects/', viewer.auth).expect(200);
      await get('/api/projects/', viewer.auth).expect(200);
      await get('/api/projects/no-such-project/', viewer.auth).expect(404);
      await get('/api/no-such-section/', viewer.auth).expect(404);
      const after = await scrape();

      expect(delta(after, 'weblate_api_requests_total{group="projects",method="GET",status="2xx"}')).toBe(2);
      expect(delta(after, 'weblate_api_requests_total{group="projects",method="GET",status="4xx"}')).toBe(1);
      // A path no route has is not a group of its own: scanners cannot make the series grow.
      expect(delta(after, 'weblate_api_requests_total{group="unmatched",method="GET",status="4xx"}')).toBe(1);
      expect([...after.keys()].some((key) => key.includes('no-such'))).toBe(false);
      // The scrape before this one is counted too, once it was answered.
      expect(delta(after, 'weblate_api_requests_total{group="metrics",method="GET",status="2xx"}')).toBe(1);
      expect(delta(after, 'weblate_api_request_duration_seconds_count{group="projects"}')).toBe(3);
      expect(delta(after, 'weblate_api_request_duration_seconds_bucket{group="projects",le="+Inf"}')).toBe(3);
      expect(after.get('weblate_api_request_duration_seconds_bucket{group="projects",le="0.005"}')).toBeLessThanOrEqual(after.get('weblate_api_request_duration_seconds_bucket{group="projects",le="10"}')!);
      expect(delta(after, 'weblate_api_request_duration_seconds_sum{group="projects"}')).toBeGreaterThan(0);

      // Another process on the same data (a replica, or a restart with REDIS_URL) answers with the same counters.
      if (process.env.REDIS_URL) {
        t = await t.restart();
        const replica = await scrape();
        expect(replica.get('weblate_api_requests_total{group="projects",method="GET",status="2xx"}')).toBe(after.get('weblate_api_requests_total{group="projects",method="GET",status="2xx"}'));
      }
    });

    it('is offered on the metrics only: other formats there, and openmetrics elsewhere, are 404', async () => {
      const viewer = await createUser(t);
      expect((await get('/api/metrics/?format=xml', viewer.auth).expect(404)).body.detail).toBe('Unsupported format "xml"; use json or api or openmetrics.');
      expect((await get('/api/projects/?format=openmetrics', viewer.auth).expect(404)).body.detail).toBe('Unsupported format "openmetrics"; use json or api.');
      await get('/api/metrics/?format=openmetrics').expect(401);
    });
  });
});
