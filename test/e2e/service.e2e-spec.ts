import { createTestApp, TestApp } from '../support/test-app';

describe('health and API description', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('reports the database (and Redis when configured) as up', async () => {
    const res = await t.http().get('/healthz/').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.info.database.status).toBe('up');
    if (process.env.REDIS_URL) expect(res.body.info.redis.status).toBe('up');
    else expect(res.body.info.redis).toBeUndefined();
  });

  it('publishes an OpenAPI 3 description of the routes at /api/schema/', async () => {
    const res = await t.http().get('/api/schema/').expect(200);
    expect(res.body.openapi).toMatch(/^3\./);
    expect(Object.keys(res.body.paths)).toEqual(expect.arrayContaining(['/api/languages', '/api/languages/{code}', '/api/tasks/{id}', '/api']));
  });

  it('serves the interactive documentation at /api/docs/', async () => {
    const res = await t.http().get('/api/docs/').redirects(1);
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger');
  });
});
