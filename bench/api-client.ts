/** JSON or multipart requests to the server with the superuser's key (fetch keeps its connections alive). */
export class ApiClient {
  constructor(readonly base: string, readonly token: string) {}

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
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 500)}`);
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
    for (let i = 0; i < 2; i++) await this.send(method, path, body);
    const times: number[] = [];
    for (let i = 0; i < count; i++) times.push(await timed(() => this.send(method, path, body)));
    return median(times);
  }
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
