import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createTestApp, TestApp } from '../support/test-app';

interface SlowAnswer {
  status: number;
  body: string;
  connection: string | undefined;
  /** Milliseconds from the request's start to its answer. */
  after: number;
}

/**
 * A hook request that declares a body of 1000 bytes and sends 10 of them, as a slow (or malicious) sender does;
 * `answer` settles when the server answers, or rejects if the connection ends without one (or 15 s pass).
 */
function slowRequest(port: number): { answer: Promise<SlowAnswer>; abandon: () => void } {
  const started = Date.now();
  const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/hooks/gitea/', headers: { 'Content-Type': 'application/json', 'Content-Length': 1000 } });
  const answer = new Promise<SlowAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body, connection: res.headers.connection, after: Date.now() - started }));
    });
    req.on('error', reject);
  });
  // Old servers never answered such a request: give up, so the test fails instead of hanging.
  req.setTimeout(15_000, () => req.destroy(new Error('no answer in 15 s')));
  req.write('{"ref": "r');
  return { answer, abandon: () => req.destroy() };
}

describe('limits on notification hooks', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(() => t.close());

  it('refuses a payload over 1 MiB with 413', async () => {
    const payload = { ref: 'refs/heads/main', repository: { full_name: 'acme/big', clone_url: 'https://git.example.org/acme/big.git' }, pad: 'x'.repeat(1024 * 1024) };
    const res = await t.http().post('/hooks/gitea/').send(payload).expect(413);
    expect(res.body.detail).toBe('Request body is too large.');
  });

  it('refuses a push naming more than 100 repository URLs with 400, before matching them', async () => {
    const clone = Array.from({ length: 1000 }, (_, n) => ({ href: `https://git.example.org/scm/x/r${n}.git`, name: 'http' }));
    const payload = { eventKey: 'repo:refs_changed', repository: { slug: 'r', project: { key: 'x' }, links: { clone } }, changes: [{ ref: { displayId: 'main' } }] };
    const res = await t.http().post('/hooks/bitbucket/').set('X-Event-Key', 'repo:refs_changed').send(payload).expect(400);
    expect(res.body.detail).toBe('Invalid data in json payload!');
  });

  it('stores no URL or name longer than a component can hold in the change log', async () => {
    const project = await createProject(t);
    await createComponent(t, project, { repo: 'https://git.example.org/acme/limits.git' });
    const long = `https://git.example.org/${'a'.repeat(100_000)}`;
    const payload = {
      ref: 'refs/heads/main',
      repository: { url: long, homepage: long, git_http_url: 'https://git.example.org/acme/limits.git' },
      project: { path_with_namespace: 'b'.repeat(100_000) },
    };
    const res = await t.http().post('/hooks/gitlab/').send(payload).expect(200);
    expect(res.body.match_status.enabled_hook_matches).toBe(1);
    const changes = await t.http().get(`/api/projects/${project.slug}/changes/`).expect(200);
    const [hook] = changes.body.results.filter((change: { action_name: string }) => change.action_name === 'Repository notification received');
    expect(hook.details).toEqual({ service_long_name: 'GitLab', repo_url: 'https://git.example.org/acme/limits.git', branch: 'main', full_name: '' });
    expect(changes.text.length).toBeLessThan(10_000);
  });

  it('answers a body that does not arrive within 10 s with 408, and closes the connection', async () => {
    const { answer } = slowRequest(port);
    const res = await answer;
    expect(res.status).toBe(408);
    expect(JSON.parse(res.body).detail).toBe('The request body did not arrive in time.');
    expect(res.after).toBeGreaterThanOrEqual(9_500);
    expect(res.after).toBeLessThan(15_000);
    expect(res.connection).toBe('close');
  });

  it('handles 16 hook requests at once with 64 more waiting, refuses the next with 503, and frees places as senders leave', async () => {
    const held = Array.from({ length: 80 }, () => slowRequest(port));
    for (const { answer } of held) answer.catch(() => undefined);
    // Time for every held request to reach the server: the next is then refused at once instead of waiting.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const started = Date.now();
    const refused = await t.http().post('/hooks/github/').set('X-GitHub-Event', 'ping').send({ zen: 'hi' }).expect(503);
    expect(refused.body.detail).toBe('Too many notifications at once; try again later.');
    expect(Date.now() - started).toBeLessThan(1_000);

    held.forEach(({ abandon }) => abandon());
    await new Promise((resolve) => setTimeout(resolve, 500));
    await t.http().post('/hooks/github/').set('X-GitHub-Event', 'ping').send({ zen: 'hi' }).expect(201);
    await t.http().get('/hooks/update/no-such-project/').expect(404);
  });
});
