import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface HttpIntake {
  /**
   * Still answering everything, but each answer closes its connection: clients open their next one anew, which a load
   * balancer sends to another replica once this one's `/healthz` says it is draining.
   */
  drain(): void;
  /**
   * Refuses new connections, closes the kept-alive ones that are idle, and resolves once every request being answered
   * is done (each answer then closes its connection), or after `timeoutMs`, cutting what is left. Resolves with the
   * number of requests cut.
   */
  stop(timeoutMs: number): Promise<number>;
}

/**
 * The HTTP half of a graceful stop: requests already being answered finish before the application (and its database
 * pool) closes beneath them. Attach before the server listens, so every request is counted.
 */
export function trackHttpIntake(server: Server): HttpIntake {
  const answering = new Set<ServerResponse>();
  let closingConnections = false;
  let stopping = false;
  // An answer whose headers left before the stop began cannot say `Connection: close`: its connection, idle once the
  // answer is done, is closed then.
  const closeWhenIdle = () => setImmediate(() => server.closeIdleConnections());
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    // A request that still arrives on a kept-alive connection is answered, and that connection closed after it.
    if (closingConnections) response.setHeader('Connection', 'close');
    answering.add(response);
    response.once('close', () => {
      answering.delete(response);
      if (stopping) closeWhenIdle();
    });
  });
  return {
    drain: () => {
      closingConnections = true;
    },
    stop: (timeoutMs) => {
      closingConnections = true;
      stopping = true;
      for (const response of answering) if (!response.headersSent) response.setHeader('Connection', 'close');
      return new Promise<number>((resolve) => {
        const deadline = setTimeout(() => {
          const cut = answering.size;
          server.closeAllConnections();
          resolve(cut);
        }, timeoutMs);
        server.close(() => {
          clearTimeout(deadline);
          resolve(0);
        });
        server.closeIdleConnections();
      });
    },
  };
}
