import JSZip from 'jszip';
import { Client } from 'pg';
import { createProject } from '../factories/project.factory';
import { createUser } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * DB_STATEMENT_TIMEOUT_MS: no request holds a database connection forever, and the one cut short is told so; a task
 * running in the same process (in-process, or a Bull worker of this replica) is not bounded by it.
 */
describe('statement timeout', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ DB_STATEMENT_TIMEOUT_MS: '2000' });
  });

  afterAll(() => t.close());

  /** A session of its own in the test's schema, as another server process (or a slow transaction) would hold one. */
  const blockingSession = async () => {
    const [{ schema }] = await t.dataSource.query('SELECT current_schema() AS schema');
    const blocker = new Client({ connectionString: process.env.TEST_DATABASE_URL, options: `-c search_path=${schema}` });
    await blocker.connect();
    return blocker;
  };

  it('answers a request whose statement outlasts the timeout with 503 and a detail', async () => {
    const project = await createProject(t);
    // Another session holds the project row: the request's UPDATE waits for it until statement_timeout ends it.
    const blocker = await blockingSession();
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

  it('lets a task in this process wait on a statement longer than the timeout', async () => {
    const project = await createProject(t);
    const { auth } = await createUser(t, { isSuperuser: true });
    const zip = await new JSZip().file('po/cs.po', 'msgid "Hello"\nmsgstr "Ahoj"\n').generateAsync({ type: 'nodebuffer' });
    // The setup task's INSERT of the Czech translation checks its language row, which this session holds.
    const blocker = await blockingSession();
    let task: { completed: boolean; result: unknown };
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT id FROM languages WHERE code = 'cs' FOR UPDATE`);
      const res = await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', auth)
        .field({ name: 'Waits', slug: 'waits', filemask: 'po/*.po', file_format: 'po' }).attach('zipfile', zip, 'waits.zip').expect(201);
      const [{ pid }] = (await blocker.query('SELECT pg_backend_pid() AS pid')).rows;
      await until(async () => (await blocker.query('SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))', [pid])).rowCount === 1);
      // Waiting past the timeout: a bounded statement would be cancelled now, and the task fail.
      await new Promise((done) => setTimeout(done, t.config.dbStatementTimeoutMs + 1000));
      await blocker.query('ROLLBACK');
      await t.drainTasks();
      task = (await t.http().get(new URL(res.body.task_url).pathname).expect(200)).body;
    } finally {
      await blocker.end();
    }
    expect(task).toMatchObject({ completed: true, result: { translations: ['cs'] } });
    const stats = await t.http().get(`/api/translations/${project.slug}/waits/cs/statistics/`).set('Authorization', auth).expect(200);
    expect(stats.body).toMatchObject({ total: 1, translated: 1 });
    // Every connection of the pool, the task's among them, bounds the statements of requests again.
    const sessions = await Promise.all(
      Array.from({ length: 5 }, () => t.dataSource.query(`SELECT current_setting('statement_timeout') AS timeout, pg_sleep(0.2)`)),
    );
    expect(sessions.map(([session]) => session.timeout)).toEqual(Array(5).fill('2s'));
  });
});

async function until(condition: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 50) {
    if (waited > 10_000) throw new Error('the task never reached the locked row');
    await new Promise((done) => setTimeout(done, 50));
  }
}
