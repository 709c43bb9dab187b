import { DURATION_BUCKETS, RequestTotals } from './request-counters';

export const OPENMETRICS_CONTENT_TYPE = 'application/openmetrics-text; version=1.0.0; charset=utf-8';

/** What each of Weblate's metrics counts (its HELP line). */
const HELP: Readonly<Record<string, string>> = {
  units: 'Number of strings',
  units_translated: 'Number of translated strings',
  users: 'Number of users',
  changes: 'Number of changes',
  projects: 'Number of projects',
  components: 'Number of components',
  translations: 'Number of translations',
  languages: 'Number of languages',
  checks: 'Number of failing checks',
  configuration_errors: 'Number of configuration errors',
  suggestions: 'Number of suggestions',
  celery_queues: 'Length of the background task queues',
};

/** A label value as OpenMetrics quotes it. */
function label(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/**
 * Weblate's metrics in the OpenMetrics text format, as its API renders them: a gauge `weblate_<key>` per count, the
 * queues as `weblate_celery_queues{queue="…"}` (text fields such as the site's name are left out); then this server's
 * request counter and latency histogram per route group; `# EOF` last.
 */
export function renderOpenMetrics(metrics: object, requests: RequestTotals): string {
  const lines: string[] = [];
  for (const [key, value] of Object.entries(metrics)) {
    if (typeof value === 'number') {
      lines.push(`# HELP weblate_${key} ${HELP[key] ?? key}`, `# TYPE weblate_${key} gauge`, `weblate_${key} ${value}`);
    } else if (value && typeof value === 'object') {
      lines.push(`# HELP weblate_${key} ${HELP[key] ?? key}`, `# TYPE weblate_${key} gauge`);
      for (const [name, count] of Object.entries(value as Record<string, unknown>)) {
        if (typeof count === 'number') lines.push(`weblate_${key}{queue=${label(name)}} ${count}`);
      }
    }
  }
  lines.push('# HELP weblate_api_requests Requests answered, by route group, method and status class', '# TYPE weblate_api_requests counter');
  for (const { group, method, status, count } of requests.requests) {
    lines.push(`weblate_api_requests_total{group=${label(group)},method=${label(method)},status=${label(status)}} ${count}`);
  }
  lines.push('# HELP weblate_api_request_duration_seconds Time to answer a request, by route group', '# TYPE weblate_api_request_duration_seconds histogram');
  for (const { group, buckets, count, sum } of requests.durations) {
    DURATION_BUCKETS.forEach((bound, index) => lines.push(`weblate_api_request_duration_seconds_bucket{group=${label(group)},le="${bound}"} ${buckets[index]}`));
    lines.push(
      `weblate_api_request_duration_seconds_bucket{group=${label(group)},le="+Inf"} ${count}`,
      `weblate_api_request_duration_seconds_count{group=${label(group)}} ${count}`,
      `weblate_api_request_duration_seconds_sum{group=${label(group)}} ${sum}`,
    );
  }
  lines.push('# EOF');
  return `${lines.join('\n')}\n`;
}
