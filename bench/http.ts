import { Agent, request } from 'node:http';

const CONCURRENCY = 16;
/** Clients such as wlc keep connections open; so does the benchmark. */
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

export interface Measurement {
  median: number;
  p95: number;
  perSecond: number;
}

export interface MeasureOptions {
  headers?: Record<string, string>;
  /** POSTed as JSON instead of a GET. */
  body?: unknown;
  /** Fewer for endpoints that take a second or more, so the run stays within minutes. */
  requests?: number;
  warmup?: number;
}

/** `requests` GETs (or JSON POSTs) of one path from CONCURRENCY keep-alive connections, after a sequential warm-up. */
export async function measure(port: number, path: string, options: MeasureOptions = {}): Promise<Measurement> {
  const { requests = 2000, warmup = 100 } = options;
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers = { ...options.headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) };
  for (let i = 0; i < warmup; i++) await send(port, path, headers, body);
  const latencies: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < requests) {
        const begin = process.hrtime.bigint();
        await send(port, path, headers, body);
        latencies.push(Number(process.hrtime.bigint() - begin) / 1e6);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return { ...percentiles(latencies), perSecond: requests / seconds };
}

export function percentiles(latencies: number[]): { median: number; p95: number } {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.floor(sorted.length * 0.95)] };
}

export function printMeasurement(label: string, result: Measurement): void {
  console.log(`${label.padEnd(32)} median ${result.median.toFixed(2)} ms  p95 ${result.p95.toFixed(2)} ms  ${Math.round(result.perSecond)} req/s`);
}

function send(port: number, path: string, headers: Record<string, string>, body: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent, headers, method: body === undefined ? 'GET' : 'POST' }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${path}: HTTP ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}
