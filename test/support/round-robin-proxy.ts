import { createServer, IncomingMessage, request, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A load balancer for tests: each request goes to the next API replica in turn. As a real one with active health
 * checks does, it polls every replica's `/healthz` and leaves out of rotation one that does not answer 200 (a
 * replica draining before it stops answers 503), and sends a request whose connection is refused (a replica stopped
 * or not started yet) to another replica, leaving that one out until its `/healthz` answers 200 again. A request a
 * replica has taken is never sent twice: its answer, whatever it is, goes back to the client.
 */
export interface RoundRobinProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Requests each replica answered, by its URL. */
  answeredBy: Map<string, number>;
  /** Requests sent again to another replica after a refused connection. */
  retried: () => number;
  close: () => Promise<void>;
}

const PROBE_INTERVAL_MS = 100;

export async function startRoundRobinProxy(replicas: string[]): Promise<RoundRobinProxy> {
  const answeredBy = new Map(replicas.map((replica) => [replica, 0]));
  const down = new Set<string>();
  let next = 0;
  let retried = 0;

  const probe = setInterval(() => {
    for (const replica of replicas) {
      void fetch(`${replica}/healthz`, { signal: AbortSignal.timeout(PROBE_INTERVAL_MS * 5) }).then(
        (response) => {
          void response.body?.cancel();
          if (response.ok) down.delete(replica);
          else down.add(replica);
        },
        () => down.add(replica),
      );
    }
  }, PROBE_INTERVAL_MS);

  /** The replicas to try, in turn from the next one; those out of rotation last (when all are, one may be back). */
  const order = () => {
    const start = next++ % replicas.length;
    const turn = [...replicas.slice(start), ...replicas.slice(0, start)];
    return [...turn.filter((replica) => !down.has(replica)), ...turn.filter((replica) => down.has(replica))];
  };

  const forward = (incoming: IncomingMessage, body: Buffer, replica: string): Promise<{ refused: boolean; response?: IncomingMessage; error?: Error }> =>
    new Promise((resolve) => {
      const target = new URL(incoming.url ?? '/', replica);
      // A connection of its own per request: a kept-alive one a stopping replica closes could swallow the request.
      const outgoing = request(target, { method: incoming.method, headers: { ...incoming.headers, connection: 'close' }, agent: false });
      outgoing.once('response', (response) => resolve({ refused: false, response }));
      outgoing.once('error', (error: NodeJS.ErrnoException) => resolve({ refused: error.code === 'ECONNREFUSED', error }));
      outgoing.end(body);
    });

  const handle = async (incoming: IncomingMessage, answer: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    let lastError: Error | undefined;
    for (const [attempt, replica] of order().entries()) {
      if (attempt > 0) retried++;
      const { refused, response, error } = await forward(incoming, body, replica);
      if (response) {
        answeredBy.set(replica, (answeredBy.get(replica) ?? 0) + 1);
        const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = response.headers;
        answer.writeHead(response.statusCode ?? 502, headers);
        response.pipe(answer);
        return;
      }
      lastError = error;
      if (!refused) break;
      down.add(replica);
    }
    answer.writeHead(502, { 'Content-Type': 'application/json' }).end(JSON.stringify({ detail: `proxy: ${lastError?.message ?? 'no replica'}` }));
  };

  const server = createServer((incoming, answer) => {
    handle(incoming, answer).catch((error: Error) => {
      if (!answer.headersSent) answer.writeHead(502);
      answer.end(error.message);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answeredBy,
    retried: () => retried,
    close: async () => {
      clearInterval(probe);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
