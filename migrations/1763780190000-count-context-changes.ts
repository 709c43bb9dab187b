import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a request resolves from its path before acting (a project, a component with its project, category path,
 * source language, linked parent and add-on ids, a translation's language) is read through caches kept under the
 * access generation, as grants are (see count-access-changes). So every write to one of those tables now bumps the
 * generation too: rows added or removed, and rows updated to different values — a statement that rewrites a row
 * as it was (a pull clearing a merge failure that was already clear, the language data sync at start-up) leaves
 * the caches alone. These tables change by administration, not per edit of a string, so the grants cache loses
 * little by being flushed with them.
 */
const WATCHED: [table: string, changed: string][] = [
  ['components', 'OLD.* IS DISTINCT FROM NEW.*'],
  ['projects', 'OLD.* IS DISTINCT FROM NEW.*'],
  ['categories', 'OLD.* IS DISTINCT FROM NEW.*'],
  ['languages', 'OLD.* IS DISTINCT FROM NEW.*'],
  ['plurals', 'OLD.* IS DISTINCT FROM NEW.*'],
  // A component's context holds the ids of its add-ons, not their configuration.
  ['addons', 'OLD.component_id IS DISTINCT FROM NEW.component_id OR OLD.project_id IS DISTINCT FROM NEW.project_id'],
];

/** The triggers count-access-changes put on the two tables watched more widely now. */
const NARROWER: [table: string, events: string][] = [
  ['components', 'INSERT OR DELETE OR UPDATE OF slug, project_id OR TRUNCATE'],
  ['projects', 'DELETE OR UPDATE OF slug OR TRUNCATE'],
];

export class CountContextChanges1763780190000 implements MigrationInterface {
  name = 'CountContextChanges1763780190000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of NARROWER) await queryRunner.query(`DROP TRIGGER ${table}_access_changed ON ${table}`);
    for (const [table, changed] of WATCHED) {
      await createTrigger(queryRunner, `${table}_access_changed`, table, 'INSERT OR DELETE OR TRUNCATE', 'STATEMENT');
      await createTrigger(queryRunner, `${table}_access_row_changed`, table, 'UPDATE', `ROW WHEN (${changed})`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of WATCHED) {
      await queryRunner.query(`DROP TRIGGER ${table}_access_changed ON ${table}`);
      await queryRunner.query(`DROP TRIGGER ${table}_access_row_changed ON ${table}`);
    }
    for (const [table, events] of NARROWER) await createTrigger(queryRunner, `${table}_access_changed`, table, events, 'STATEMENT');
  }
}

async function createTrigger(queryRunner: QueryRunner, name: string, table: string, events: string, level: string): Promise<void> {
  await queryRunner.query(`CREATE TRIGGER ${name} AFTER ${events} ON ${table} FOR EACH ${level} EXECUTE FUNCTION bump_access_generation()`);
}
