/**
 * Sizes and durations of `npm run bench`, from the environment. The defaults are issue 23's sizes; smaller ones
 * (e.g. `BENCH_STRINGS=5000 BENCH_BIG_COMPONENTS=2 BENCH_HOOK_COMPONENTS=5 BENCH_LOAD_SECONDS=3`) make a quick
 * development run whose figures are not comparable with the table in the README.
 */
function count(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, not ${JSON.stringify(raw)}`);
  return value;
}

export const SIZES = {
  /** Strings of the imported, uploaded, listed, searched and downloaded catalogue (PO + POT, and its empty copy). */
  strings: count('BENCH_STRINGS', 100_000),
  /** Entries of the translation memory the fuzzy lookups search. */
  memoryEntries: count('BENCH_MEMORY_ENTRIES', 100_000),
  /** The large project: components × languages × strings (50 × 20 × 1000 = 1 M strings). */
  bigComponents: count('BENCH_BIG_COMPONENTS', 50),
  bigLanguages: count('BENCH_BIG_LANGUAGES', 20),
  bigStrings: count('BENCH_BIG_STRINGS', 1000),
  /** Components sharing the one repository a push hook names. */
  hookComponents: count('BENCH_HOOK_COMPONENTS', 100),
  /** Seconds of each autocannon run (one run per load measurement). */
  loadSeconds: count('BENCH_LOAD_SECONDS', 10),
  /** Runs of each command-line reference (msgfmt, translate-toolkit); their median is the reference. */
  referenceRuns: count('BENCH_REFERENCE_RUNS', 3),
  /** Sequential requests per latency measurement (units pages, search, downloads' 5 are fixed). */
  sequentialRequests: count('BENCH_SEQUENTIAL_REQUESTS', 20),
  /** Units edited one by one (PATCH latency; then the download and commit after these edits). */
  edits: count('BENCH_EDITS', 1000),
  /** How long one import, upload or hook may take before its row is reported as not finished, in seconds. */
  stepTimeoutSeconds: count('BENCH_STEP_TIMEOUT_SECONDS', 240),
};

/** The groups of rows `npm run bench` measures, in order; those on the imported catalogue need `imports` first. */
const ROW_GROUPS = ['api', 'memory', 'imports', 'strings', 'search', 'big-project', 'hooks'] as const;
export type RowGroup = (typeof ROW_GROUPS)[number];

/**
 * `BENCH_ROWS` (e.g. `memory` or `imports,strings`): measure only these groups, for work on one case. A partial run
 * prints its targets met among the rows it measured; only a full run is the table of the README.
 */
export function selectedRows(raw = process.env.BENCH_ROWS): Set<RowGroup> {
  if (raw === undefined || raw.trim() === '') return new Set(ROW_GROUPS);
  const named = raw.split(',').map((name) => name.trim());
  const unknown = named.filter((name) => !(ROW_GROUPS as readonly string[]).includes(name));
  if (unknown.length) throw new Error(`BENCH_ROWS: unknown ${unknown.join(', ')}; the groups are ${ROW_GROUPS.join(', ')}`);
  const groups = new Set(named as RowGroup[]);
  if (groups.has('strings') || groups.has('search')) groups.add('imports');
  return groups;
}

