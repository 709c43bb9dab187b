import { Client } from 'pg';
import { createProject } from '../factories/project.factory';
import { createUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/** A request whose database connection is lost is told to try again later, and the next one finds a new connection. */
describe('database connection lost', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(() => t.close());

  it('answers 503 with a detail and Retry-After, then serves the next request', async () => {
    const project = await createProject(t);
    const { auth } = await createUser(t, { isSuperuser: true });
    const [{ schema }] = await t.dataSource.query('SELECT current_schema() AS schema');
    // Another session holds the project row, so the request's UPDATE is certainly running when its backend goes.
    const blocker = new Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [project.id]);
      const [{ pid: blockerPid }] = (await blocker.query('SELECT pg_backend_pid() AS pid')).rows;
      const response = Promise.resolve(t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', auth).send({ name: 'Renamed' }));
      const waiting = await until(async () => {
        const { rows } = await blocker.query('SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [blockerPid]);
        return rows[0]?.pid as number | undefined;
      });
      await blocker.query('SELECT pg_terminate_backend($1)', [waiting]);
      const res = await response;
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toMatchObject({ detail: 'The database is unavailable; try again later.', type: 'server_error' });
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    const renamed = await t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', auth).send({ name: 'Renamed' }).expect(200);
    expect(renamed.body.name).toBe('Renamed');
  });
});

async function until<T>(found: () => Promise<T | undefined>): Promise<T> {
  for (let waited = 0; ; waited += 50) {
    const value = await found();
    if (value !== undefined) return value;
    if (waited > 10_000) throw new Error('the request never reached the locked row');
    await new Promise((done) => setTimeout(done, 50));
  }
}
