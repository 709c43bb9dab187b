import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** A measured figure: durations in ms, throughput in req/s, memory in MiB, fetches as a count. */
export interface Quantity {
  value: number;
  unit: 'ms' | 'req/s' | 'MiB' | 'fetches';
}

/** What a row must reach: a bound on the figure itself, or on its ratio to the reference. */
export type Goal = { max: number } | { maxRatio: number } | { minRatio: number };

interface Verdict {
  goal: string;
  /** null: not judged, because the reference could not be measured (say why in the row's note). */
  met: boolean | null;
}

export interface Row {
  case: string;
  measured: Quantity | null;
  reference: { label: string; quantity: Quantity } | null;
  ratio: number | null;
  verdicts: Verdict[];
  note?: string;
  /** Set when the case could not be measured (the server failed or did not finish): the row's goals are missed. */
  error?: string;
}

export function row(
  name: string,
  measured: Quantity,
  reference: { label: string; quantity: Quantity | null } | null,
  goals: Goal[],
  note?: string,
): Row {
  const ratio = reference?.quantity ? measured.value / reference.quantity.value : null;
  const verdicts = goals.map((goal): Verdict => {
    if ('max' in goal) return { goal: `≤ ${format({ value: goal.max, unit: measured.unit })}`, met: measured.value <= goal.max };
    if ('maxRatio' in goal) return { goal: `≤ ${goal.maxRatio}×`, met: ratio === null ? null : ratio <= goal.maxRatio };
    return { goal: `≥ ${goal.minRatio}×`, met: ratio === null ? null : ratio >= goal.minRatio };
  });
  const known = reference?.quantity ? { label: reference.label, quantity: reference.quantity } : null;
  const missing = reference && !reference.quantity ? `no reference (${reference.label} unavailable)` : undefined;
  return { case: name, measured, reference: known, ratio, verdicts, note: [note, missing].filter(Boolean).join('; ') || undefined };
}

/** A case that could not be measured: its goals count as missed. */
export function failedRow(name: string, goals: Goal[], error: string): Row {
  const verdicts = goals.map((goal) => ({ goal: 'max' in goal ? `≤ ${goal.max}` : 'maxRatio' in goal ? `≤ ${goal.maxRatio}×` : `≥ ${goal.minRatio}×`, met: false }));
  return { case: name, measured: null, reference: null, ratio: null, verdicts, error };
}

export function format(quantity: Quantity): string {
  const { value, unit } = quantity;
  if (unit === 'ms') return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${value.toFixed(value < 10 ? 2 : 1)} ms`;
  if (unit === 'req/s') return `${Math.round(value)} req/s`;
  if (unit === 'MiB') return `${Math.round(value)} MiB`;
  return `${value} fetch${value === 1 ? '' : 'es'}`;
}

const CASE_WIDTH = 84;

/** One line per row, as it is measured, so a long run shows progress. */
export function printRow(r: Row): void {
  const met = r.verdicts.map((v) => (v.met === null ? 'n/a' : v.met ? 'met' : 'MISSED')).join(', ');
  const cells = [
    r.case.padEnd(CASE_WIDTH),
    (r.measured ? format(r.measured) : 'failed').padStart(12),
    (r.reference ? `${r.reference.label} ${format(r.reference.quantity)}` : '—').padEnd(36),
    (r.ratio === null ? '—' : `${r.ratio.toFixed(2)}×`).padStart(8),
    r.verdicts.map((v) => v.goal).join(', ').padEnd(22),
    met,
  ];
  console.log(cells.join(' │ '));
  if (r.error) console.log(`  ↳ failed: ${r.error}`);
  if (r.note) console.log(`  ↳ ${r.note}`);
}

export function printHeader(): void {
  console.log(['case'.padEnd(CASE_WIDTH), 'measured'.padStart(12), 'reference (same run)'.padEnd(36), 'ratio'.padStart(8), 'target'.padEnd(22), 'result'].join(' │ '));
}

/** Writes bench/results/<timestamp>.json and prints the closing count; returns how many rows failed. */
export async function finish(rows: Row[], context: Record<string, unknown>, resultsDir: string): Promise<number> {
  const verdicts = rows.flatMap((r) => r.verdicts).filter((v) => v.met !== null);
  const met = verdicts.filter((v) => v.met).length;
  const unjudged = rows.flatMap((r) => r.verdicts).length - verdicts.length;
  await mkdir(resultsDir, { recursive: true });
  const file = join(resultsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify({ ...context, rows, targetsMet: met, targets: verdicts.length, unjudged }, null, 2)}\n`);
  console.log(`\nresults: ${file}`);
  if (unjudged > 0) console.log(`${unjudged} target(s) not judged: their reference could not be measured (see the notes above)`);
  console.log(`bench: ${met}/${verdicts.length} targets met`);
  return rows.filter((r) => r.error).length;
}
