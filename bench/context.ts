import { ApiClient } from './api-client';
import { LoadResult } from './load-client';
import { Reference } from './references';
import { failedRow, Goal, printRow, Row } from './report';
import { ServerProcess } from './server-process';

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
