import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The content actions (`CONTENT_ACTIONS` in src/changes/change-actions.ts) as this migration counts them; a spec
 * compares the two, so changing that list means a new migration replacing the trigger function.
 */
export const COUNTED_CONTENT_ACTIONS = [2, 5, 6, 7, 8, 9, 27, 32, 36, 37, 77, 30, 66, 79, 31, 76, 94] as const;

const OF = (rows: string) => `
  SELECT translation_id, (timestamp AT TIME ZONE 'UTC')::date AS day, count(*) AS changes FROM ${rows}
  WHERE translation_id IS NOT NULL AND action IN (${COUNTED_CONTENT_ACTIONS.join(', ')})
  GROUP BY 1, 2 ORDER BY 1, 2`;

const ADD = (counts: string) => `INSERT INTO translation_change_days (translation_id, day, changes) ${counts}
  ON CONFLICT (translation_id, day) DO UPDATE SET changes = translation_change_days.changes + EXCLUDED.changes`;
const SUBTRACT = (counts: string) => `UPDATE translation_change_days d SET changes = d.changes - c.changes
  FROM (${counts}) c WHERE d.translation_id = c.translation_id AND d.day = c.day`;
/**
 * The rows of an update that count elsewhere now, as they were (`o`) or are (`n`): most updates are cascades (a user
 * or a unit removed) that move nothing, and leave the counts (and their locks) alone.
 */
const MOVED = (side: 'o' | 'n') => `(SELECT ${side}.* FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE (o.translation_id, o.action, o.timestamp) IS DISTINCT FROM (n.translation_id, n.action, n.timestamp)) moved`;

/**
 * `recent_changes` of statistics (content changes of the last 30 days) counted per translation and UTC day, so a
 * statistics object sums at most 31 rows per translation instead of counting its changes (100 000 after one upload
 * of a large file). The counts follow `changes` through statement-level triggers, whatever writes it (the change
 * log, cascades, removals): one aggregate per statement, so a bulk insert costs one upsert per translation and day.
 * Rows are upserted in key order so concurrent writers take their locks in the same order.
 */
export class CountRecentChanges1763780170000 implements MigrationInterface {
  name = 'CountRecentChanges1763780170000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE translation_change_days (
        translation_id integer NOT NULL REFERENCES translations (id) ON DELETE CASCADE,
        day date NOT NULL,
        changes integer NOT NULL,
        PRIMARY KEY (translation_id, day)
      )`);
    await queryRunner.query(`
      CREATE FUNCTION count_translation_change_days() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${ADD(OF('new_rows'))};
        ELSIF TG_OP = 'DELETE' THEN
          ${SUBTRACT(OF('old_rows'))};
        ELSE
          ${SUBTRACT(OF(MOVED('o')))};
          ${ADD(OF(MOVED('n')))};
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER changes_counted_insert AFTER INSERT ON changes REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION count_translation_change_days()`);
    await queryRunner.query(`CREATE TRIGGER changes_counted_update AFTER UPDATE ON changes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION count_translation_change_days()`);
    await queryRunner.query(`CREATE TRIGGER changes_counted_delete AFTER DELETE ON changes REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION count_translation_change_days()`);
    // Older days cannot count towards the 30 days any more: only the recent past is counted from the log.
    await queryRunner.query(ADD(OF("(SELECT * FROM changes WHERE timestamp > now() - interval '32 days') recent")));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE translation_change_days');
    for (const event of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER changes_counted_${event} ON changes`);
    await queryRunner.query('DROP FUNCTION count_translation_change_days()');
  }
}
