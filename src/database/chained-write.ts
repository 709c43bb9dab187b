import { createHash } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { queryPrepared } from './prepared-statement';

/** One statement with its parameters, numbered from $1. */
export interface SqlStatement {
  sql: string;
  params: unknown[];
}

/** A statement to run only when the first one wrote: `written` names the first one's RETURNING rows. */
export type FollowingWrite = (written: string) => SqlStatement;

/**
 * Writes of several tables made as one statement: `first` (an INSERT or UPDATE … RETURNING) and the writes that go
 * with it, each gated on the rows `first` returned (`EXISTS (SELECT 1 FROM <written>)`). One statement is one round
 * trip and its own transaction: a save that took BEGIN, four writes and COMMIT (six round trips, each costing this
 * machine's loopback about 0.3 ms of CPU besides the wait) takes one, and when `first` finds nothing to write (its
 * WHERE names a row version that changed meanwhile) nothing is written at all. Returns `first`'s rows.
 *
 * Each part numbers its parameters from $1, as if alone; they are renumbered here. Parts must not hold `$` otherwise
 * (no dollar quoting). The statement is prepared, named by its text, whose planning cost more than running it (a
 * unit's save: 3.5 of 5 ms); its parts' texts must therefore not vary with the values written.
 */
export async function writeChained(manager: EntityManager, first: SqlStatement, following: readonly FollowingWrite[]): Promise<Record<string, unknown>[]> {
  const params = [...first.params];
  const parts = [`written AS (${first.sql})`];
  following.forEach((write, index) => {
    const { sql, params: own } = write('written');
    parts.push(`following_${index} AS (${renumbered(sql, params.length)})`);
    params.push(...own);
  });
  const text = `WITH ${parts.join(', ')} SELECT * FROM written`;
  return queryPrepared(manager, `chained-${createHash('sha1').update(text).digest('hex')}`, text, params);
}

function renumbered(sql: string, offset: number): string {
  return sql.replace(/\$(\d+)/g, (_placeholder, index: string) => `$${Number(index) + offset}`);
}
