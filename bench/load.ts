import autocannon from 'autocannon';
import type { LoadSpec } from './load-client';

/**
 * The load generator, run as a child process by bench/load-client.ts so that it does not share an event loop (or
 * a core's worth of JavaScript) with the benchmark: a 1-second warm-up, then `seconds` of `connections` keep-alive
 * connections sending the same request (a request unanswered after 30 s counts as failed: the
 * machine may be shared and slow). Prints one JSON line: throughput and latency percentiles in ms (from each
 * response's own timing, not autocannon's whole-millisecond histogram).
 */
async function main(): Promise<void> {
  const spec = JSON.parse(process.argv[2]) as LoadSpec;
  const options = { url: spec.url, connections: spec.connections, method: spec.method ?? 'GET', headers: spec.headers, body: spec.body, timeout: 30 };
  await autocannon({ ...options, duration: 1 });
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const instance = autocannon({ ...options, duration: spec.seconds });
  instance.on('response', (_client, status, _bytes, time) => {
    if (status >= 200 && status < 300) latencies.push(time);
    else statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))];
  process.stdout.write(`${JSON.stringify({
    perSecond: result['2xx'] / result.duration,
    median: at(0.5),
    p95: at(0.95),
    ok: result['2xx'],
    failed: result.non2xx + result.errors + result.timeouts,
    why: { ...statuses, errors: result.errors, timeouts: result.timeouts },
  })}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
