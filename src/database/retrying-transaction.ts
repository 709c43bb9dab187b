import type { DataSource, EntityManager } from 'typeorm';
import { isTransientConflict } from './pg-error';

/** Runs of a transaction PostgreSQL aborted as a deadlock or serialization failure, the first included. */
const ATTEMPTS = 4;
/** The longest wait before the second run; it doubles with each run, and the actual wait is random below it. */
const FIRST_BACKOFF_MS = 20;

/**
 * `work` in a transaction, run again (in a new one) when PostgreSQL aborts it as a deadlock victim or a
 * serialization failure: it is the other transaction's luck, not an error of the request, and the rolled-back
 * work left nothing behind. So `work` must be database work only — whatever it does outside the database (a git
 * commit, an HTTP call, a change to an object the caller keeps) would be done once per run. The random wait lets
 * the transaction that won finish before this one takes its locks again. The last failure is thrown.
 */
export async function retryingTransaction<T>(dataSource: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isTransientConflict(error)) throw error;
      await new Promise((resume) => setTimeout(resume, Math.random() * FIRST_BACKOFF_MS * 2 ** (attempt - 1)));
    }
  }
}
