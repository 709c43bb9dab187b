import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** A request the fake service received. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the fake answers: a status and a body (objects are sent as JSON), or `hang` to never answer. */
export type FakeAnswer = { status?: number; body: unknown } | 'hang';

export interface FakeService {
  /** The server's base URL, `http://127.0.0.1:<port>`. */
  url: string;
  received: ReceivedRequest[];
  close: () => Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that speaks whatever `answer` implements (a machine translation API in the machinery
 * tests) and keeps every request it was sent.
 */
export async function startFakeService(answer: (request: ReceivedRequest) => FakeAnswer): Promise<FakeService> {
  const received: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(request);
      const reply = answer(request);
      if (reply === 'hang') return;
      res.statusCode = reply.status ?? 200;
      if (typeof reply.body === 'string') {
        res.end(reply.body);
      } else {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(reply.body));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
