import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a request resolves from its path before acting (a project, a component with its project, category path,
 * source language, linked parent and add-on ids, a translation's language) is read through caches kept under the
 * access generation, as grants are (see count-access-changes). So every statement that writes one of those tables
 * now bumps the generation too: projects and components on any update (not only of slug), categories, languages,
 * plurals, and add-ons as they come and go. These tables change by administration, not per edit of a string, so
 * the grants cache loses little by being flushed with them.
 */
const WATCHED: [table: string, events: string][] = [
  ['components', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['projects', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['categories', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['languages', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['plurals', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['addons', 'INSERT OR DELETE OR UPDATE OF component_id, project_id OR TRUNCATE'],
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
    for (const [table, events] of WATCHED) await createTrigger(queryRunner, table, events);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of WATCHED) await queryRunner.query(`DROP TRIGGER ${table}_access_changed ON ${table}`);
    for (const [table, events] of NARROWER) await createTrigger(queryRunner, table, events);
  }
}

async function createTrigger(queryRunner: QueryRunner, table: string, events: string): Promise<void> {
  await queryRunner.query(`CREATE TRIGGER ${table}_access_changed AFTER ${events} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_access_generation()`);
}
