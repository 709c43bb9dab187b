import { EntityManager } from 'typeorm';
import { textArrayLiteral } from '../pg-array';

export interface UnitWrite {
  unitId: number;
  target: string[];
  state: number;
  failingChecks: string[];
}

const BATCH = 5000;

/** Set-based target/state updates (one statement per batch), marking the strings pending for the next commit. */
export async function writeUnits(manager: EntityManager, writes: readonly UnitWrite[]): Promise<void> {
  for (let start = 0; start < writes.length; start += BATCH) {
    const batch = writes.slice(start, start + BATCH);
    await manager.query(
      `UPDATE units u SET target = d.target::text[], state = d.state, failing_checks = d.checks::text[], pending = true,
         last_updated = now()
       FROM unnest($1::int[], $2::text[], $3::int[], $4::text[]) AS d(id, target, state, checks)
       WHERE u.id = d.id`,
      [
        batch.map((write) => write.unitId),
        batch.map((write) => textArrayLiteral(write.target)),
        batch.map((write) => write.state),
        batch.map((write) => textArrayLiteral(write.failingChecks)),
      ],
    );
  }
}

/** Suggestions instead of edits (method `suggest`); the strings are flagged so lists and statistics see them. */
export async function insertSuggestions(manager: EntityManager, writes: readonly Omit<UnitWrite, 'failingChecks' | 'state'>[], userId: number | null): Promise<void> {
  for (let start = 0; start < writes.length; start += BATCH) {
    const batch = writes.slice(start, start + BATCH);
    const ids = batch.map((write) => write.unitId);
    await manager.query(
      `INSERT INTO suggestions (unit_id, target, user_id)
       SELECT d.id, d.target::text[], $3 FROM unnest($1::int[], $2::text[]) AS d(id, target)`,
      [ids, batch.map((write) => textArrayLiteral(write.target)), userId],
    );
    await manager.query('UPDATE units SET has_suggestion = true WHERE id = ANY($1::int[])', [ids]);
  }
}
