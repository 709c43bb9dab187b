import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/** The search of the review that held every connection: 64 OR'd terms PostgreSQL compiles into huge automata. */
const HOSTILE_TERM = 'source:r"(.*){255}(.*){255}N"';
const HOSTILE = Array.from({ length: 64 }, () => HOSTILE_TERM).join(' OR ');
/** Allowed, but slow on purpose: eight patterns at the size limit cost ~0.1 ms per string each. */
const SLOW = Array.from({ length: 8 }, (_, index) => `source:r"(.?){127}${String.fromCharCode(65 + index)}"`).join(' OR ');

const search = (t: TestApp, q: string, auth?: string) => {
  const req = t.http().get(`/api/units/?q=${encodeURIComponent(q)}`);
  return auth ? req.set('Authorization', auth) : req;
};

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const start = Date.now();
  const result = await work();
  return { result, ms: Date.now() - start };
}

/** A public project's translation with `count` strings of ~220 characters, for searches to go through; its units URL. */
async function createStrings(t: TestApp, count: number): Promise<string> {
  const project = await createProject(t);
  const component = await createComponent(t, project);
  const translation = await createTranslation(t, component, 'cs');
  await t.dataSource.query(
    `INSERT INTO units (translation_id, id_hash, content_hash, source, target, state, position)
     SELECT $1, g, g, ARRAY[repeat('lorem ipsum dolor sit amet ', 8) || g], ARRAY[''], 0, g FROM generate_series(1, $2) g`,
    [translation.id, count],
  );
  return `/api/translations/${project.slug}/${component.slug}/cs/units/`;
}

describe('unit search: patterns and time budget', () => {
  let t: TestApp;
  let admin: UserWithToken;
  /** The units of a translation with three strings. */
  let few: string;

  beforeAll(async () => {
    t = await createTestApp({ SEARCH_TIMEOUT_MS: '1000' });
    admin = await createUser(t, { isSuperuser: true });
    await createStrings(t, 10_000);
    few = await createStrings(t, 3);
  });

  afterAll(() => t?.close());

  it('refuses patterns PostgreSQL would run catastrophically with 400 and a detail, before running them', async () => {
    const { result: flood, ms } = await timed(() => search(t, HOSTILE));
    expect(flood.status).toBe(400);
    const ninth = 8 * `${HOSTILE_TERM} OR `.length;
    expect(flood.body.detail).toBe(`q: Could not parse query string: Too many regular expressions (maximum 8) at position ${ninth}`);
    expect(ms).toBeLessThan(1000);
    const one = await search(t, HOSTILE_TERM).expect(400);
    expect(one.body.errors).toEqual([{
      code: 'invalid',
      attr: 'q',
      detail: 'Could not parse query string: Regular expression is too complex: it expands to 1021 elements (at most 256; a counted repetition such as {255} copies what it repeats) at position 7',
    }]);
    // Real searches pass: counted repetitions up to PostgreSQL's own maximum, a few alternatives, several terms.
    const real = 'source:r"^.{255}$" OR source:r"(\\w+\\s){1,10}dolor" OR target:r"^(Save|Open) file$"';
    expect((await t.http().get(`${few}?q=${encodeURIComponent(real)}`).expect(200)).body.count).toBe(3);
  });

  it('cancels a search that outlasts its budget: 503 with a detail after about the budget, not the 30 s statement timeout', async () => {
    const { result, ms } = await timed(() => search(t, SLOW));
    expect(result.status).toBe(503);
    expect(result.body.detail).toBe(
      'The search took longer than 1 s and was cancelled; narrow it down (fewer or simpler terms, one project or translation) and try again.',
    );
    expect(ms).toBeLessThan(3000);
    // The connection went back to the pool with its own timeout, and serves the next request.
    await t.http().get('/api/projects/').set('Authorization', admin.auth).expect(200);
    await search(t, 'source:ipsum').expect(200);
  });

  it("keeps an administrator's requests fast while anonymous callers flood the search", async () => {
    const flood = Array.from({ length: 24 }, () => search(t, SLOW).then((res) => res.status));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const { result, ms } = await timed(() => t.http().get('/api/projects/').set('Authorization', admin.auth));
    expect(result.status).toBe(200);
    expect(ms).toBeLessThan(2000);
    // At most SEARCH_CONCURRENCY_PER_CALLER (2) of them run at a time, each cut at its budget; the others are told to wait.
    const statuses = await Promise.all(flood);
    expect(statuses.filter((status) => status !== 503 && status !== 429)).toEqual([]);
    expect(statuses).toContain(429);
  }, 120_000);
});

/** Holds an ACCESS EXCLUSIVE lock on the app's units table, so the searches that reach the database wait there. */
async function lockUnits(t: TestApp): Promise<{ waiting: () => Promise<number>; release: () => Promise<void> }> {
  const [{ schema }] = await t.dataSource.query('SELECT current_schema() AS schema');
  const blocker = new Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
  await blocker.connect();
  await blocker.query('BEGIN');
  await blocker.query('LOCK TABLE units IN ACCESS EXCLUSIVE MODE');
  const [{ pid }] = (await blocker.query('SELECT pg_backend_pid() AS pid')).rows;
  let released = false;
  return {
    waiting: async () => (await t.dataSource.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY (pg_blocking_pids(pid))', [pid]))[0].n,
    release: async () => {
      if (released) return;
      released = true;
      await blocker.query('ROLLBACK');
      await blocker.end();
    },
  };
}

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('unit search: concurrency caps', () => {
  let replicas: TestApp[];
  const CAPS = { SEARCH_TIMEOUT_MS: '20000', SEARCH_CONCURRENCY_PER_CALLER: '1', SEARCH_CONCURRENCY_TOTAL: '2' };

  beforeAll(async () => {
    // Two replicas of one installation: separate processes and schemas, the same Redis key space.
    const shared = { ...CAPS, REDIS_PREFIX: `shared_${randomBytes(4).toString('hex')}` };
    replicas = await Promise.all([createTestApp(shared), createTestApp(shared)]);
  });

  afterAll(() => Promise.all((replicas ?? []).map((replica) => replica.close())));

  it('lets a caller run one search at a time and everyone two, then answers 429 or 503 with a detail', async () => {
    const [t] = replicas;
    const [one, two, admin] = [await createUser(t), await createUser(t), await createUser(t, { isSuperuser: true })];
    const lock = await lockUnits(t);
    // On code without caps every search below would wait for the lock: let it go in time for them to answer.
    const failsafe = setTimeout(() => void lock.release(), 8_000);
    try {
      const held = search(t, 'source:a').then((res) => res.status);
      await until(async () => (await lock.waiting()) === 1, 'the first search waits for the lock');

      const { result: same, ms } = await timed(() => search(t, 'source:b'));
      expect(same.status).toBe(429);
      expect(same.body.detail).toBe('Too many unit searches of yours are running (at most 1 at a time); try again when one has finished.');
      expect(same.headers['retry-after']).toBe('1');
      expect(ms).toBeGreaterThanOrEqual(1900);

      const other = search(t, 'source:c', one.auth).then((res) => res.status);
      await until(async () => (await lock.waiting()) === 2, "another caller's search waits for the lock");
      const full = await search(t, 'source:d', two.auth);
      expect(full.status).toBe(503);
      expect(full.body.detail).toBe('The server is running as many unit searches as it can; try again shortly.');

      // What is not a search is served meanwhile.
      await t.http().get('/api/projects/').set('Authorization', admin.auth).expect(200);
      await lock.release();
      expect(await Promise.all([held, other])).toEqual([200, 200]);
      // Their slots are free again.
      await search(t, 'source:e').expect(200);
    } finally {
      clearTimeout(failsafe);
      await lock.release();
    }
  }, 30_000);

  it('holds the caps across replicas through Redis when REDIS_URL is set, per process without it', async () => {
    const [a, b] = replicas;
    const lock = await lockUnits(a);
    const failsafe = setTimeout(() => void lock.release(), 8_000);
    try {
      const held = search(a, 'source:a').then((res) => res.status);
      await until(async () => (await lock.waiting()) === 1, 'the search on the first replica waits for the lock');
      const elsewhere = await search(b, 'source:b');
      expect(elsewhere.status).toBe(process.env.REDIS_URL ? 429 : 200);
      await lock.release();
      expect(await held).toBe(200);
    } finally {
      clearTimeout(failsafe);
      await lock.release();
    }
  }, 30_000);
});
