import { randomBytes } from 'node:crypto';
import { createUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const LIMIT = { API_RATELIMIT_ANON: '3/minute', API_RATELIMIT_USER: '5/minute' };

describe('rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(LIMIT);
  });

  afterAll(() => t.close());

  it('throttles the 4th anonymous request within a minute, with headers on every answer', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await t.http().get('/api/').expect(200);
      expect(res.headers['x-ratelimit-limit']).toBe('3');
      expect(res.headers['x-ratelimit-remaining']).toBe(String(3 - i));
      expect(Number(res.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
      expect(Number(res.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(60);
    }
    const throttled = await t.http().get('/api/languages/').expect(429);
    expect(throttled.body.detail).toMatch(/^Request was throttled\. Expected available in \d+ seconds\.$/);
    expect(throttled.body.errors[0].code).toBe('throttled');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(throttled.headers['x-ratelimit-limit']).toBe('3');
    expect(throttled.headers['x-ratelimit-remaining']).toBe('0');
    expect(throttled.headers['x-ratelimit-reset']).toBeDefined();
  });

  it('counts signed-in users separately, by user, with their own budget', async () => {
    const { auth } = await createUser(t);
    for (let i = 1; i <= 5; i++) {
      const res = await t.http().get('/api/').set('Authorization', auth).expect(200);
      expect(res.headers['x-ratelimit-limit']).toBe('5');
    }
    await t.http().get('/api/').set('Authorization', auth).expect(429);
    const other = await createUser(t);
    await t.http().get('/api/').set('Authorization', other.auth).expect(200);
  });

  it('throttles before checking permissions: a throttled caller learns nothing about what it may do', async () => {
    const { auth } = await createUser(t);
    for (let i = 1; i <= 5; i++) await t.http().get('/api/').set('Authorization', auth).expect(200);
    // Creating a project needs a site permission this user lacks (403), but its budget is spent first.
    await t.http().post('/api/projects/').set('Authorization', auth).send({ name: 'P', slug: 'p', web: 'https://example.com' }).expect(429);
  });

  it('does not throttle the health check', async () => {
    for (let i = 0; i < 5; i++) await t.http().get('/healthz/').expect(200);
  });
});

describe('rate limits across replicas', () => {
  let replicas: TestApp[];

  beforeAll(async () => {
    // Two replicas of one installation: separate processes' state, the same Redis key space.
    const shared = { ...LIMIT, REDIS_PREFIX: `shared_${randomBytes(4).toString('hex')}` };
    replicas = await Promise.all([createTestApp(shared), createTestApp(shared)]);
  });

  afterAll(() => Promise.all(replicas.map((replica) => replica.close())));

  it('shares one budget through Redis when REDIS_URL is set, and keeps one per process without it', async () => {
    const [a, b] = replicas;
    const statuses: number[] = [];
    for (const replica of [a, b, a, b]) statuses.push((await replica.http().get('/api/')).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses[3]).toBe(process.env.REDIS_URL ? 429 : 200);
  });
});
