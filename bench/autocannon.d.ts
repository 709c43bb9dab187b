/** The part of autocannon 8 (which ships no types) that bench/load.ts uses. */
declare module 'autocannon' {
  interface Options {
    url: string;
    connections: number;
    duration?: number;
    amount?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Seconds before a request counts as timed out. */
    timeout?: number;
  }
  interface Result {
    duration: number;
    non2xx: number;
    errors: number;
    timeouts: number;
    '2xx': number;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void): void;
  }
  function autocannon(options: Options): Instance;
  export = autocannon;
}
