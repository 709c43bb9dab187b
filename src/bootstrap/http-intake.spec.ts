import { Agent, createServer, IncomingMessage, request, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { trackHttpIntake } from './http-intake';

/** A server whose every request waits until the test answers it; resolves once one has arrived. */
async function serverWithHeldRequests() {
  const arrived: ServerResponse[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((_request: IncomingMessage, response: ServerResponse) => {
    arrived.push(response);
    waiters.shift()?.();
  });
  server.keepAliveTimeout = 0; // idle connections stay open until something closes them, not 5 s later
  const intake = trackHttpIntake(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const nextArrival = () => new Promise<ServerResponse>((resolve) => waiters.push(() => resolve(arrived.at(-1)!)));
  return { server, intake, url, nextArrival };
}

describe('trackHttpIntake', () => {
  it('closes a kept-alive connection whose answer had started before the stop, once that answer is done', async () => {
    const { intake, url, nextArrival } = await serverWithHeldRequests();
    const agent = new Agent({ keepAlive: true });
    const arrival = nextArrival();
    const answered = new Promise<{ body: string; closed: Promise<void> }>((resolve, reject) => {
      request(url, { agent }, (response) => {
        const closed = new Promise<void>((done) => response.socket.once('close', () => done()));
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.once('end', () => resolve({ body, closed }));
      }).once('error', reject).end();
    });
    const response = await arrival;
    response.write('first half, '); // headers gone: too late to say Connection: close

    const stopped = intake.stop(60_000);
    response.end('second half');

    const { body, closed } = await answered;
    expect(body).toBe('first half, second half');
    await closed;
    expect(await stopped).toBe(0);
    agent.destroy();
  });

  it('cuts the requests still running after the timeout and says how many', async () => {
    const { intake, url, nextArrival } = await serverWithHeldRequests();
    const arrivals = [nextArrival(), nextArrival()];
    const failures = [0, 1].map(() => new Promise<string>((resolve) => {
      request(url, { agent: false }, () => resolve('answered')).once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error')).end();
    }));
    await Promise.all(arrivals);

    expect(await intake.stop(10)).toBe(2);
    expect(await Promise.all(failures)).toEqual(['ECONNRESET', 'ECONNRESET']);
  });

  it('while draining, answers new requests on kept-alive connections and closes each connection after its answer', async () => {
    const { intake, url, nextArrival } = await serverWithHeldRequests();
    const agent = new Agent({ keepAlive: true });
    const ask = () => new Promise<{ connection: string | undefined; body: string }>((resolve, reject) => {
      request(url, { agent }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.once('end', () => resolve({ connection: response.headers.connection, body }));
      }).once('error', reject).end();
    });
    const answerNext = () => nextArrival().then((response) => response.end('ok'));

    const before = ask();
    await answerNext();
    expect(await before).toEqual({ connection: 'keep-alive', body: 'ok' });

    intake.drain();
    const during = ask();
    await answerNext();
    expect(await during).toEqual({ connection: 'close', body: 'ok' });
    expect(await intake.stop(1000)).toBe(0);
    agent.destroy();
  });
});
