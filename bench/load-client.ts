import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SIZES } from './config';

export interface LoadSpec {
  url: string;
  connections: number;
  seconds: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  perSecond: number;
  median: number;
  p95: number;
  ok: number;
  failed: number;
  /** Answers other than 2xx by status, and connection errors and timeouts (30 s). */
  why: Record<string, number>;
}

/** `connections` clients sending one request for BENCH_LOAD_SECONDS, from autocannon in a child process (bench/load.ts). */
export async function load(url: string, connections: number, options: { token?: string; json?: unknown } = {}): Promise<LoadResult> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers = {
    ...(options.token ? { Authorization: `Token ${options.token}` } : {}),
    ...(body ? { 'Content-Type': 'application/json' } : {}),
  };
  const spec: LoadSpec = { url, connections, seconds: SIZES.loadSeconds, headers, ...(body ? { method: 'POST', body } : {}) };
  const { stdout } = await promisify(execFile)(process.execPath, [join(__dirname, 'load.js'), JSON.stringify(spec)], { maxBuffer: 1 << 20 });
  const result = JSON.parse(stdout) as LoadResult;
  // A load that got errors measured something else than the endpoint (429, 5xx): it is no measurement.
  if (result.failed > 0 || result.ok === 0) throw new Error(`${url}: ${result.failed} of ${result.ok + result.failed} requests failed under load ${JSON.stringify(result.why)}`);
  return result;
}
