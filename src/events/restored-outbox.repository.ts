import type { PoolClient } from 'pg';

/**
 * After a restore, the change log and the consumers' cursors carry transaction ids of the database the backup came
 * from, while the new database counts its own from wherever it stands, usually far lower: new changes would sort
 * before every cursor and never be delivered. So every restored change takes the smallest transaction id (they are
 * all over), and each cursor moves to just before the first change its consumer had not been given yet (in the old
 * order, outside the snapshot it started from): nothing undelivered is skipped, and what follows that change may be
 * given again, as after a crash (delivery is at least once).
 */
export async function rebaseRestoredOutbox(client: PoolClient): Promise<void> {
  await client.query(
    `UPDATE event_consumers e SET
        last_change_id = coalesce(
          (SELECT min(c.id) - 1 FROM changes c
            WHERE (c.xact_id, c.id) > (e.last_xact_id, e.last_change_id)
              AND (e.start_snapshot IS NULL OR NOT pg_visible_in_snapshot(c.xact_id, e.start_snapshot))),
          (SELECT max(c.id) FROM changes c), 0),
        last_xact_id = '1'::xid8, start_snapshot = NULL`,
  );
  await client.query(`UPDATE changes SET xact_id = '1'::xid8`);
}
