import Redis from 'ioredis';
import { Client } from 'pg';
import { GitHttpServer, startGitHttpServer } from '../support/git-http-server';
import { OwnService, startOwnPostgres, startOwnRedis } from '../support/own-services';
import { adminToken, apiClient, ApiClient, until } from '../support/server-api';
import { ServerProcess, startServerProcess } from '../support/server-process';

/*
 * The real server on a PostgreSQL and a Redis this test starts itself (never the machine's shared ones), with
 * clients calling it all along while Redis is stopped and started again, then PostgreSQL restarted. While a
 * dependency is down every answer is a success or a 503 with a `detail`: none is another 5xx, none hangs. Once it
 * is back the server serves again without a restart, and every task it recorded reached its end — run, or marked
 * failed with a reason — and the queue holds nothing the task table does not expect.
 */

const PO = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n\nmsgid "Hello"\nmsgstr ""\n';
/** Longer than any answer should take, even a 503 after the server's own retries: a request past it hangs. */
const HANG_MS = 30_000;
const PREFIX = 'outage';
const DOWN_MS = 5_000;

type Status = number | 'hung' | 'connection failed';

interface Answer {
  phase: string;
  what: string;
  status: Status;
  detail?: unknown;
}

describe('PostgreSQL and Redis outages', () => {
  let postgres: OwnService;
  let redis: OwnService;
  let git: GitHttpServer;
  let server: ServerProcess;
  let api: ApiClient;
  let token: string;

  beforeAll(async () => {
    [postgres, redis, git] = await Promise.all([startOwnPostgres(), startOwnRedis(), startGitHttpServer()]);
    await git.createBareRepo('app', { 'po/cs.po': PO });
    server = await startServerProcess({
      DATABASE_URL: postgres.url, REDIS_URL: redis.url, REDIS_PREFIX: PREFIX,
      VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false', API_RATELIMIT_USER: '1000000/hour',
    });
    token = await adminToken(server);
    api = apiClient(server, token);
  });

  afterAll(async () => {
    await server?.cleanUp();
    await Promise.all([postgres?.remove(), redis?.remove(), git?.close()]);
  });

  it('answers 503 with a detail while a dependency is down, recovers without a restart and loses no task', async () => {
    await api.post('/api/projects/', { name: 'Outage', slug: 'outage', web: 'https://example.com/' }, 201);
    const first = await api.post('/api/projects/outage/components/', { name: 'App', slug: 'app', repo: `${git.url}/app`, filemask: 'po/*.po', file_format: 'po' }, 201);
    await api.settle(first.task_url as string);
    const [unit] = (await api.get('/api/translations/outage/app/cs/units/')).results as { id: number }[];

    let phase = 'before';
    const answers: Answer[] = [];
    const taskUrls: string[] = [];
    const call = async (what: string, method: string, path: string, body?: Record<string, unknown>) => {
      const at = phase;
      try {
        const response = await fetch(new URL(path, server.url), {
          method,
          headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' },
          body: body && JSON.stringify(body),
          signal: AbortSignal.timeout(HANG_MS),
        });
        const text = await response.text();
        const json = text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {};
        answers.push({ phase: at, what, status: response.status, detail: json.detail });
        return { status: response.status, json };
      } catch (error) {
        answers.push({ phase: at, what, status: (error as Error).name === 'TimeoutError' ? 'hung' : 'connection failed' });
        return { status: 0, json: {} };
      }
    };
    let running = true;
    const client = async (id: number) => {
      for (let operation = 0; running; operation++) {
        if (operation % 4 === 0) await call('list', 'GET', '/api/projects/');
        else if (operation % 4 === 2) {
          const slug = `c${id}-${operation}`;
          const { status, json } = await call('create', 'POST', '/api/projects/outage/components/', { name: slug, slug, repo: `${git.url}/app`, filemask: 'po/*.po', file_format: 'po' });
          if (status === 201) taskUrls.push(json.task_url as string);
        } else await call('edit', 'PATCH', `/api/units/${unit!.id}/`, { target: [`client ${id} edit ${operation}`], state: 20 });
        await pause(100);
      }
    };
    /** Every kind of call succeeds again (each client's next ones are then served too). */
    const recovered = async () => {
      const results = await Promise.all([
        call('probe', 'GET', '/api/projects/'),
        call('probe', 'PATCH', `/api/units/${unit!.id}/`, { target: ['probe'], state: 20 }),
      ]);
      return results.every((result) => result.status === 200);
    };
    const clients = Promise.all(Array.from({ length: 4 }, (_, id) => client(id)));

    await pause(2_000);
    phase = 'redis down';
    await redis.stop();
    await pause(DOWN_MS);
    phase = 'redis back';
    await redis.start();
    await until(recovered, 60_000, 250);

    phase = 'postgres down';
    await postgres.stop();
    await pause(DOWN_MS);
    phase = 'postgres back';
    await postgres.start();
    await until(recovered, 60_000, 250);
    phase = 'after';
    await pause(2_000);
    running = false;
    await clients;

    const figures = ['redis down', 'postgres down'].map((down) => summary(down, answers.filter((answer) => answer.phase === down)));
    process.stdout.write(`outage: ${figures.join('; ')}\n`);

    // No 5xx but 503, no hanging request, no lost connection; a 503 always says why.
    const wrong = answers.filter((answer) => !(typeof answer.status === 'number' && (answer.status < 500 || (answer.status === 503 && typeof answer.detail === 'string' && answer.detail !== ''))));
    expect(wrong.map(described)).toEqual([]);
    expect(answers.filter((answer) => typeof answer.status === 'number' && answer.status >= 400 && answer.status < 500).map(described)).toEqual([]);
    // The outages were seen (else this test proves nothing), and after them everything is served again.
    for (const down of ['redis down', 'postgres down']) expect(answers.some((answer) => answer.phase === down && answer.status === 503)).toBe(true);
    expect(answers.filter((answer) => answer.phase === 'after' && answer.status !== 200 && answer.status !== 201).map(described)).toEqual([]);

    // Every task accepted reached its end: it ran, or it says why it failed.
    for (const url of taskUrls) {
      const task = await api.settle(url, 120_000);
      const error = (task.result as { error?: unknown } | null)?.error;
      if (error !== undefined) expect(error).toEqual(expect.any(String));
    }
    // The task table and the queue agree: no task waits for a job, no job waits in the queue.
    await until(async () => (await unfinishedTasks(postgres.url)) === 0 && (await queuedJobs(redis.url)) === 0, 120_000, 500);
  });
});

function described(answer: Answer): string {
  return `${answer.phase}: ${answer.what} → ${answer.status}${answer.detail === undefined ? '' : ` ${JSON.stringify(answer.detail)}`}`;
}

function summary(phase: string, answers: Answer[]): string {
  const count = (test: (status: Status) => boolean) => answers.filter((answer) => test(answer.status)).length;
  return `${phase}: ${answers.length} requests, ${count((status) => status === 503)} answered 503, ` +
    `${count((status) => typeof status === 'number' && status >= 500 && status !== 503)} other 5xx, ${count((status) => status === 'hung')} hung, ` +
    `${count((status) => typeof status === 'number' && status < 300)} succeeded`;
}

async function unfinishedTasks(url: string): Promise<number> {
  const database = new Client({ connectionString: url });
  await database.connect();
  try {
    const { rows } = await database.query<{ count: number }>('SELECT count(*)::int AS count FROM tasks WHERE NOT completed');
    return rows[0]!.count;
  } finally {
    await database.end();
  }
}

/** Bull's waiting, running and delayed jobs of the task queue (`<prefix>:bull:tasks:*`). */
async function queuedJobs(url: string): Promise<number> {
  const redis = new Redis(url);
  try {
    const key = (name: string) => `${PREFIX}:bull:tasks:${name}`;
    const [wait, active, delayed, paused] = await Promise.all([redis.llen(key('wait')), redis.llen(key('active')), redis.zcard(key('delayed')), redis.llen(key('paused'))]);
    return wait + active + delayed + paused;
  } finally {
    redis.disconnect();
  }
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
