/**
 * Request counts and latencies per route group, as flat counters: the shape both stores keep (a Map in process, a
 * Redis hash shared by the replicas) and the one place that knows how a request becomes counter increments.
 */

/** Upper bounds (seconds) of the latency histogram's buckets; the last, +Inf, is the count itself. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export interface RequestSample {
  /** The route's section (`units`, `translations`, …), `unmatched` when no route answered. */
  group: string;
  method: string;
  status: number;
  seconds: number;
}

export interface RequestTotals {
  requests: { group: string; method: string; status: string; count: number }[];
  durations: { group: string; buckets: number[]; count: number; sum: number }[];
}

/** The counters a request adds to: its count by method and status class, its group's histogram bucket, count and sum. */
export function incrementsOf({ group, method, status, seconds }: RequestSample): [field: string, increment: number][] {
  const bucket = DURATION_BUCKETS.findIndex((bound) => seconds <= bound);
  return [
    [`requests|${group}|${method}|${Math.floor(status / 100)}xx`, 1],
    ...(bucket >= 0 ? [[`bucket|${group}|${bucket}`, 1] as [string, number]] : []),
    [`count|${group}`, 1],
    [`sum|${group}`, seconds],
  ];
}

/** The counters read back as totals; histogram buckets cumulative, as OpenMetrics has them. */
export function totalsOf(counters: ReadonlyMap<string, number>): RequestTotals {
  const requests: RequestTotals['requests'] = [];
  const durations = new Map<string, RequestTotals['durations'][number]>();
  const durationOf = (group: string) => {
    let duration = durations.get(group);
    if (!duration) durations.set(group, (duration = { group, buckets: DURATION_BUCKETS.map(() => 0), count: 0, sum: 0 }));
    return duration;
  };
  for (const [field, value] of counters) {
    const [kind, group, ...rest] = field.split('|');
    if (kind === 'requests') requests.push({ group, method: rest[0], status: rest[1], count: value });
    else if (kind === 'bucket') durationOf(group).buckets[Number(rest[0])] += value;
    else if (kind === 'count') durationOf(group).count = value;
    else if (kind === 'sum') durationOf(group).sum = value;
  }
  for (const duration of durations.values()) {
    for (let index = 1; index < duration.buckets.length; index++) duration.buckets[index] += duration.buckets[index - 1];
  }
  const byGroup = (a: { group: string }, b: { group: string }) => a.group.localeCompare(b.group);
  return {
    requests: requests.sort((a, b) => byGroup(a, b) || a.method.localeCompare(b.method) || a.status.localeCompare(b.status)),
    durations: [...durations.values()].sort(byGroup),
  };
}

const WORD = /^[a-z][a-z_-]*$/;

/**
 * The section of a route pattern (`/api/units/:id/` → `units`, `/hooks/github/` → `hooks`); the API root is `root`.
 * A request no handler answered carries no pattern, or the catch-all one of the middleware: `unmatched`.
 */
export function routeGroup(routePath: string | undefined): string {
  const segments = (routePath ?? '').split('/').filter(Boolean);
  if (segments.length === 0) return routePath === '/' ? 'root' : 'unmatched';
  if (!WORD.test(segments[0])) return 'unmatched';
  if (segments[0] !== 'api') return segments[0];
  return segments[1] && WORD.test(segments[1]) ? segments[1] : 'root';
}
