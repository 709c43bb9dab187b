import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ServerProcess } from './server-process';

/* eslint-disable @typescript-eslint/no-explicit-any -- API bodies are checked by the tests' assertions */
type Body = Record<string, any>;

/** A superuser key made by the admin CLI (src/cli, as `npm run cli -- createadmin` runs it) on the server's data. */
export async function adminToken(server: ServerProcess): Promise<string> {
  const { DATABASE_URL: _database, REDIS_URL: _redis, REDIS_PREFIX: _prefix, ...inherited } = process.env;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['-r', join(__dirname, 'swc-register.cjs'), join(__dirname, '../../src/cli/main.ts'), 'createadmin', '--username', 'admin', '--email', 'admin@example.com'],
    { env: { ...inherited, ...server.env, LOG_LEVEL: 'warn' } },
  );
  return stdout.trim().split('\n').at(-1)!;
}

/** JSON calls to a server process as its superuser; each call names the status it expects. */
export interface ApiClient {
  get(path: string, status?: number): Promise<Body>;
  post(path: string, body: Body, status?: number): Promise<Body>;
  /** A translation file upload (multipart, `conflicts=replace-translated`), expecting 200. */
  upload(path: string, content: string): Promise<Body>;
  /** Follows a task URL until the task has completed. */
  settle(taskUrl: string, timeoutMs?: number): Promise<Body>;
  /** Repeats `call` while it fails with 423 (the repository lock of a dead process waits for its lease to run out). */
  retryWhileLocked(call: () => Promise<Body>, timeoutMs?: number): Promise<Body>;
}

class UnexpectedStatus extends Error {
  constructor(readonly status: number, readonly body: string, expected: number) {
    super(`expected ${expected}, got ${status}: ${body.slice(0, 500)}`);
  }
}

export function apiClient(server: { url: string }, token: string): ApiClient {
  const call = async (method: string, path: string, body: RequestInit['body'], headers: Record<string, string>, status: number) => {
    const response = await fetch(new URL(path, server.url), { method, body, headers: { Authorization: `Token ${token}`, ...headers } });
    const text = await response.text();
    if (response.status !== status) throw new UnexpectedStatus(response.status, text, status);
    return text ? (JSON.parse(text) as Body) : {};
  };
  const client: ApiClient = {
    get: (path, status = 200) => call('GET', path, undefined, {}, status),
    post: (path, body, status = 200) => call('POST', path, JSON.stringify(body), { 'Content-Type': 'application/json' }, status),
    upload: (path, content) => {
      const form = new FormData();
      form.set('conflicts', 'replace-translated');
      form.set('file', new Blob([content]), 'cs.po');
      return call('POST', path, form, {}, 200);
    },
    settle: async (taskUrl, timeoutMs = 180_000) => {
      let task: Body = {};
      await until(async () => (task = await client.get(new URL(taskUrl).pathname)).completed === true, timeoutMs, 250);
      return task;
    },
    retryWhileLocked: async (attempt, timeoutMs = 60_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        try {
          return await attempt();
        } catch (error) {
          if (!(error instanceof UnexpectedStatus && error.status === 423) || Date.now() > deadline) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    },
  };
  return client;
}

/** Polls `done` every `everyMs` until it holds; fails saying so after `timeoutMs`. */
export async function until(done: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() >= deadline) throw new Error(`the awaited state did not come within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A task's state once it has completed, or as it stands after `timeoutMs` (the caller's expectation then shows what is missing). */
export async function settledTask<T extends { completed: boolean }>(read: () => Promise<T>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await read();
    if (state.completed || Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
