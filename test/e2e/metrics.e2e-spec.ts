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
});
