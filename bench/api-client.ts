import { Agent, request } from 'node:http';

/** An answer to a timed request: the time to its last byte, and its body decoded once the clock stopped. */
export interface TimedAnswer {
  ms: number;
  status: number;
  text: string;
}

/** JSON or multipart requests to the server with the superuser's key (fetch keeps its connections alive). */
export class ApiClient {
  /** The timed requests' own kept-alive connection. */
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });

  constructor(readonly base: string, readonly token: string) {}

  /**
   * A request timed as a server's latency is (autocannon does the same): from sending it to the last byte of the
   * answer, over node:http. The client's own work is left out of the clock: fetch's overhead, decoding the body and
   * parsing it cost 8 ms of a page of 1000 strings (885 kB) on this machine, against 25 ms to its last byte.
   */
  timedRequest(method: string, path: string, body?: object, retried = false): Promise<TimedAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers = { Authorization: `Token ${this.token}`, ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}) };
    return new Promise((resolve, reject) => {
      const begin = process.hrtime.bigint();
      const sent = request(this.base + path, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.once('end', () => {
          const ms = Number(process.hrtime.bigint() - begin) / 1e6;
          resolve({ ms, status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.once('error', reject);
      });
      sent.once('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed as it idled (see `send`): the request never reached it.
        if (sent.reusedSocket && error.code === 'ECONNRESET' && !retried) resolve(this.timedRequest(method, path, body, true));
        else reject(new Error(`${method} ${path}: ${error.message}`));
      });
      sent.end(payload);
    });
  }

  /** timedRequest's time, failing unless the server answered 2xx. */
  async timedOk(method: string, path: string, body?: object): Promise<number> {
    const answer = await this.timedRequest(method, path, body);
    if (answer.status < 200 || answer.status >= 300) throw httpError(method, path, answer.status, answer.text);
    return answer.ms;
  }

  async send<T = unknown>(method: string, path: string, body?: FormData | object): Promise<T> {
    const json = body !== undefined && !(body instanceof FormData);
    const request = () => fetch(this.base + path, {
      method,
      headers: { Authorization: `Token ${this.token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
    // A kept-alive connection idle past the server's keep-alive timeout (5 s, e.g. while a large ZIP is built) may
    // be closed by the server as fetch reuses it: the request never reached the server, so it is sent once more.
    const res = await request().catch((error: Error & { cause?: { code?: string } }) => {
      if (error.cause?.code === 'UND_ERR_SOCKET' || error.cause?.code === 'ECONNRESET') return request();
      throw new Error(`${method} ${path}: ${error.message} (${String(error.cause)})`);
    });
    const text = await res.text();
    if (!res.ok) throw httpError(method, path, res.status, text);
    return (text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  }

  get<T = unknown>(path: string): Promise<T> {
    return this.send<T>('GET', path);
  }

  /** Waits for the task at a `task_url` (components' setup runs as one), failing with its error. */
  async waitForTask(taskUrl: string, timeoutMs: number): Promise<void> {
    const path = new URL(taskUrl).pathname;
    await until(timeoutMs, `task ${path}`, async () => {
      const task = await this.get<{ completed: boolean; result: { error?: string; detail?: string } | null }>(path);
      if (task.completed && task.result?.error) throw new Error(`task ${path} failed: ${task.result.error}`);
      return task.completed;
    });
  }

  /** Median of `count` sequential requests (after two unmeasured ones), in ms. */
  async sequentialMedian(path: string, count: number, method = 'GET', body?: object): Promise<number> {
    for (let i = 0; i < 2; i++) await this.timedOk(method, path, body);
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push(await this.timedOk(method, path, body));
    return median(times);
  }
}

/** A request's failure: its answer's status and the start of its body. */
function httpError(method: string, path: string, status: number, text: string): Error {
  return new Error(`${method} ${path}: HTTP ${status} ${text.slice(0, 500)}`);
}

export async function timed(work: () => Promise<unknown>): Promise<number> {
  const begin = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - begin) / 1e6;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Polls `done` every 100 ms until it answers true; throws when `timeoutMs` pass first. */
export async function until(timeoutMs: number, what: string, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what} did not finish within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A multipart form of text fields and files (name → [file name, content]). */
export function form(fields: Record<string, string>, files: Record<string, [string, Buffer | string]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, [fileName, content]] of Object.entries(files)) data.append(name, new Blob([content]), fileName);
  return data;
}
