import { ApiClient } from './api-client';
import { LoadResult } from './load-client';
import { Reference } from './references';
import { failedRow, Goal, printRow, Row } from './report';
import { ServerProcess } from './server-process';
import { SIZES } from './config';

/** What the rows share: the server under test, its client, the references measured so far, and the table. */
export interface Bench {
  server: ServerProcess;
  client: ApiClient;
  /** Files of the generated catalogue (bench/catalogue-files.ts). */
  files: { po: string; pot: string; emptyPo: string; dir: string };
  references: {
    msgfmtFull: Reference;
    msgfmtEmpty: Reference;
    msgfmtPo: Reference;
    toolkitPo: Reference;
  };
  /** Authenticated `GET /api/`: sequential median (ms) and at 16 connections, the references of many rows. */
  api: { sequential: number; at16: LoadResult };
  rows: Row[];
}

function add(bench: Bench, row: Row): void {
  bench.rows.push(row);
  printRow(row);
}

/** Runs a case; if it throws, its row is recorded as failed (goals missed) with the reason, and the run goes on. */
export async function attempt(bench: Bench, name: string, goals: Goal[], work: () => Promise<Row[]>): Promise<boolean> {
  try {
    for (const row of await work()) add(bench, row);
    return true;
  } catch (error) {
    add(bench, failedRow(name, goals, (error as Error).message.split('\n')[0].slice(0, 300)));
    return false;
  }
}

/** Fails with "did not finish" when `work` takes longer than `seconds` (the server may still be busy with it). */
export function within<T>(seconds: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${seconds} s`)), seconds * 1000);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** How long the server's queues must stay empty to count as settled: longer than its events' poll (1 s by default). */
const QUIET_MS = 1500;

/**
 * Waits until the server has no background work left (`celery_queues` of `/api/metrics/` empty for `QUIET_MS`), so
 * that a row measures its own case: the memory entries an upload of 85 k strings leaves to store took about 30 s
 * here, and unit pages read meanwhile took 33–38 ms against 23–30 ms after. Prints how long it waited, when it did.
 */
export async function settle(bench: Bench, before: string): Promise<void> {
  const started = Date.now();
  const deadline = started + SIZES.stepTimeoutSeconds * 1000;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    const { celery_queues: queues } = await bench.client.get<{ celery_queues: Record<string, number> }>('/api/metrics/');
    if (Object.values(queues).some((count) => count > 0)) quietSince = Date.now();
    if (Date.now() > deadline) {
      console.log(`  (the server was still busy with background work after ${SIZES.stepTimeoutSeconds} s; measuring ${before} anyway)`);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const waited = Date.now() - started - QUIET_MS;
  if (waited > 1000) console.log(`  (waited ${(waited / 1000).toFixed(1)} s for the background work left by the rows before ${before})`);
}
