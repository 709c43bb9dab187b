import { createServer, request } from 'node:http';
import { AddressInfo } from 'node:net';

export interface CountingProxy {
  url: string;
  /** Fetches (and clones) since the last reset: each starts with `GET …/info/refs?service=git-upload-pack`. */
  fetches(): number;
  reset(): void;
  close(): Promise<void>;
}

/** A pass-through in front of the git server that counts the fetches the server under test makes. */
export async function countingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  let fetches = 0;
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url?.includes('service=git-upload-pack')) fetches++;
    const forward = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', (error) => res.writeHead(502).end(error.message));
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fetches: () => fetches,
    reset: () => (fetches = 0),
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
