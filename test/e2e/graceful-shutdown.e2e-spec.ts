import { readFileSync } from 'node:fs';
import { Agent, ClientRequest, IncomingHttpHeaders, request } from 'node:http';
import { connect, Socket } from 'node:net';
import { join } from 'node:path';
import { startServerProcess, ServerProcess } from '../support/server-process';

/*
 * SIGTERM to the real server process (src/main.ts as `npm start` runs it): it stops listening, lets the requests it
 * is answering finish, then closes the app, its database pool and the embedded PostgreSQL, and exits 0.
 */

jest.setTimeout(180_000);

const PUSH = readFileSync(join(__dirname, '../fixtures/hook-payloads/github-push.json'));

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A push notification whose headers are sent with `Expect: 100-continue` and whose body waits: once the server has
 * answered "100 Continue" it is handling the request, which stays in flight until `send()` gives the body.
 */
function heldNotification(server: ServerProcess, agent: Agent): Promise<{ send: () => Promise<Answer> }> {
  return new Promise((resolve, reject) => {
    const req: ClientRequest = request(`${server.url}/hooks/github/`, {
      method: 'POST',
      agent,
      headers: { 'Content-Type': 'application/json', 'Content-Length': PUSH.length, 'X-GitHub-Event': 'push', Expect: '100-continue' },
    });
    const answer = new Promise<Answer>((done, fail) => {
      req.once('response', (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => done({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.once('error', fail);
      });
      req.once('error', fail);
    });
    answer.catch(reject);
    req.once('continue', () => resolve({ send: () => { req.end(PUSH); return answer; } }));
    req.flushHeaders();
  });
}

/** Resolves once a new connection to the port is refused (the server stopped listening). */
async function untilRefused(port: number, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket: Socket = connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(false); });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
    if (refused) return;
    if (Date.now() >= deadline) throw new Error(`port ${port} still took connections ${timeoutMs} ms after SIGTERM`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A kept-alive connection that has answered one request and sits idle; resolves with its socket. */
function idleKeptAliveSocket(server: ServerProcess, agent: Agent): Promise<Socket> {
  return new Promise((resolve, reject) => {
    request(`${server.url}/api/`, { agent }, (response) => {
      const socket = response.socket;
      response.resume();
      response.once('end', () => resolve(socket));
    }).once('error', reject).end();
  });
}

describe('graceful shutdown', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({ SHUTDOWN_TIMEOUT_MS: '60000' });
  });

  afterAll(async () => {
    await server?.cleanUp();
  });

  it('answers every request in flight at SIGTERM, refuses new connections, closes idle ones and exits 0', async () => {
    // Kept-alive connections, each request on its own (the agent opens a connection per request it cannot queue).
    const agent = new Agent({ keepAlive: true });
    const idleAgent = new Agent({ keepAlive: true });
    const idle = await idleKeptAliveSocket(server, idleAgent);
    const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));

    const held = await Promise.all(Array.from({ length: 20 }, () => heldNotification(server, agent)));
    server.child.kill('SIGTERM');

    // Still answering the twenty: no new connection, and the idle one is not waited for.
    await untilRefused(server.port);
    await idleClosed;

    const answers = await Promise.all(held.map((request) => request.send()));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(JSON.parse(answer.body)).toEqual(expect.objectContaining({ message: 'No matching repositories found!' }));
      // The client asked to keep the connection; the server says it closes it (the next request goes elsewhere).
      expect(answer.headers.connection).toBe('close');
    }
    const exit = await server.exited;
    expect({ exit, output: server.output() }).toEqual({ exit: { code: 0, signal: null }, output: expect.any(String) });
    // The process leaves the list of task runners while its database connections are still open.
    expect(server.output()).not.toContain('could not remove the task runner row');
    agent.destroy();
    idleAgent.destroy();
  });
});

describe('graceful shutdown with a drain', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess({ SHUTDOWN_DRAIN_MS: '3000' });
  });

  afterAll(async () => {
    await server?.cleanUp();
  });

  it('keeps answering with /healthz at 503 for SHUTDOWN_DRAIN_MS after SIGTERM, then stops listening and exits 0', async () => {
    const get = (path: string) => fetch(`${server.url}${path}`).then(async (response) => ({
      status: response.status, connection: response.headers.get('connection'), body: await response.json() as Record<string, unknown>,
    }));
    expect((await get('/healthz')).status).toBe(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');

    // Draining: a load balancer polling /healthz takes the server out of rotation, and requests are still answered.
    let health = await get('/healthz');
    while (health.status === 200 && Date.now() - signalled < 2000) health = await get('/healthz');
    expect(health).toMatchObject({ status: 503, body: { detail: 'Not ready: server (stopping: draining before shutdown) down.' } });
    expect(await get('/api/')).toMatchObject({ status: 200, connection: 'close', body: { projects: expect.any(String) } });

    await untilRefused(server.port);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(3000);
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
