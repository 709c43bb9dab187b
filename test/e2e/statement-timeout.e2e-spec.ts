import { Client } from 'pg';
import { createProject } from '../factories/project.factory';
import { createUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/** DB_STATEMENT_TIMEOUT_MS: no request holds a database connection forever, and the one cut short is told so. */
describe('statement timeout', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '2000' });
  });

  afterAll(() => t.close());

  it('answers a request whose statement outlasts the timeout with 503 and a detail', async () => {
    const project = await createProject(t);
    // Another session holds the project row: the request's UPDATE waits for it until statement_timeout ends it.
    const [{ schema }] = await t.dataSource.query('SELECT current_schema() AS schema');
    const blocker = new Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query('SELECT id FROM projects WHERE id = $1 FOR UPDATE', [project.id]);
      const { auth } = await createUser(t, { isSuperuser: true });
      const res = await t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', auth).send({ name: 'Renamed' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ detail: 'The request took too long and was cancelled; try again later or ask for less.', type: 'server_error' });
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    // The connection went back to the pool and serves the next request.
    await t.http().get(`/api/projects/${project.slug}/`).expect(200);
  });
});

