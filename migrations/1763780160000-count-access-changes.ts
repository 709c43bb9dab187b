import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The tables a user's grants are read from (`AccessRepository.grantsOf`: memberships, groups and what they select,
 * roles, component lists and the components and projects their rules match). Every statement that writes one of
 * them bumps `access_generation.value`, in its own transaction, so the change and the new number commit together.
 * API replicas read the number with the caller on each request and keep grants only under the number they were
 * loaded at: a cached grant is never used once a change to access has committed. Triggers rather than calls in
 * each service, so no writer (API, CLI, add-ons, migrations, a person with psql) can forget it.
 */
const WATCHED: [table: string, events: string][] = [
  ['user_groups', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['groups', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['roles', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['group_roles', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['group_languages', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['group_projects', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['group_components', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['group_component_lists', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['component_list_components', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  ['component_list_rules', 'INSERT OR UPDATE OR DELETE OR TRUNCATE'],
  // A component joins or leaves rule-based lists with its slug and project, and grants name its project.
  ['components', 'INSERT OR DELETE OR UPDATE OF slug, project_id OR TRUNCATE'],
  ['projects', 'DELETE OR UPDATE OF slug OR TRUNCATE'],
];

export class CountAccessChanges1763780160000 implements MigrationInterface {
  name = 'CountAccessChanges1763780160000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE access_generation (
        single boolean PRIMARY KEY DEFAULT true CHECK (single),
        value bigint NOT NULL
      )`);
    await queryRunner.query('INSERT INTO access_generation (value) VALUES (1)');
    await queryRunner.query(`
      CREATE FUNCTION bump_access_generation() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE access_generation SET value = value + 1;
          RETURN NULL;
        END $$`);
    for (const [table, events] of WATCHED) {
      await queryRunner.query(`CREATE TRIGGER ${table}_access_changed AFTER ${events} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION bump_access_generation()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table] of WATCHED) await queryRunner.query(`DROP TRIGGER ${table}_access_changed ON ${table}`);
    await queryRunner.query('DROP FUNCTION bump_access_generation()');
    await queryRunner.query('DROP TABLE access_generation');
  }
}
