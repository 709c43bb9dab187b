import { AsyncLocalStorage } from 'node:async_hooks';
import { Client } from 'pg';

/**
 * DB_STATEMENT_TIMEOUT_MS bounds what a request asks of the database, never background work: a task or a
 * migration may rightly spend minutes on a statement (a 100k-string import), and tasks share the API's
 * connection pool when they run in its process (in-process or Bull workers of an API replica). So the pool's
 * sessions start with the timeout, and the statements issued inside `withoutStatementTimeout` run without it.
 */
const unbounded = new AsyncLocalStorage<true>();

/** Runs `work` with no statement_timeout on any statement it issues, however deep in the code and on any connection. */
export function withoutStatementTimeout<T>(work: () => Promise<T>): Promise<T> {
  return unbounded.run(true, work);
}

/**
 * The pool's connection. Before a statement it sends `SET statement_timeout = 0` when the caller runs inside
 * `withoutStatementTimeout` and the session still has its timeout, or `RESET statement_timeout` (back to the
 * value the session started with) in the opposite case. The client queues both in order, and the switch falls
 * between two checkouts from the pool, where no transaction is open, so the SET outlives it as a session setting.
 */
export class StatementTimeoutScopedClient extends Client {
  private lifted = false;

  // Every form of query() (text, config object, submittable, callback) comes through here.
  override query<T>(...args: unknown[]): T {
    const lift = unbounded.getStore() === true;
    if (lift !== this.lifted) {
      this.lifted = lift;
      // A failure here would show on the statement that follows, which the same connection runs next.
      super.query(lift ? 'SET statement_timeout = 0' : 'RESET statement_timeout').catch(() => undefined);
    }
    return (super.query as (...queryArgs: unknown[]) => T).apply(this, args);
  }
}
