import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Component lists, their automatic-assignment rules and their links to groups. Membership is computed when
 * read (the component_list_members view) rather than copied when written, so components created or renamed
 * later join or leave rule-based lists without any code in the components module having to know about lists.
 */
export class CreateComponentLists1763780007000 implements MigrationInterface {
  name = 'CreateComponentLists1763780007000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE component_lists (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL UNIQUE,
        slug varchar(100) NOT NULL UNIQUE,
        show_dashboard boolean NOT NULL DEFAULT true
      )`);
    await queryRunner.query(`
      CREATE TABLE component_list_components (
        list_id integer NOT NULL REFERENCES component_lists (id) ON DELETE CASCADE,
        component_id integer NOT NULL REFERENCES components (id) ON DELETE CASCADE,
        PRIMARY KEY (list_id, component_id)
      )`);
    await queryRunner.query('CREATE INDEX component_list_components_component ON component_list_components (component_id)');
    await queryRunner.query(`
      CREATE TABLE component_list_rules (
        id serial PRIMARY KEY,
        list_id integer NOT NULL REFERENCES component_lists (id) ON DELETE CASCADE,
        project_match text NOT NULL,
        component_match text NOT NULL
      )`);
    await queryRunner.query('CREATE INDEX component_list_rules_list ON component_list_rules (list_id)');
    await queryRunner.query(`
      CREATE TABLE group_component_lists (
        group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        list_id integer NOT NULL REFERENCES component_lists (id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, list_id)
      )`);
    // Weblate matches rules with Python's re.match: anchored at the start only.
    await queryRunner.query(`
      CREATE FUNCTION component_list_rule_matches(slug text, pattern text) RETURNS boolean
        LANGUAGE sql IMMUTABLE STRICT
        AS $$ SELECT slug ~ ('^(?:' || pattern || ')') $$`);
    // The API checks a pattern with this before storing it, so a stored pattern never makes the view fail;
    // answering with the message rather than raising keeps a client's typo out of the database error log.
    await queryRunner.query(`
      CREATE FUNCTION component_list_pattern_error(pattern text) RETURNS text
        LANGUAGE plpgsql IMMUTABLE STRICT
        AS $$
        BEGIN
          PERFORM component_list_rule_matches('', pattern);
          RETURN NULL;
        EXCEPTION WHEN invalid_regular_expression THEN
          RETURN SQLERRM;
        END $$`);
    await queryRunner.query(`
      CREATE VIEW component_list_members (list_id, component_id) AS
        SELECT list_id, component_id FROM component_list_components
        UNION
        SELECT r.list_id, c.id
          FROM component_list_rules r
          JOIN projects p ON component_list_rule_matches(p.slug, r.project_match)
          JOIN components c ON c.project_id = p.id AND component_list_rule_matches(c.slug, r.component_match)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP VIEW component_list_members');
    await queryRunner.query('DROP FUNCTION component_list_pattern_error(text)');
    await queryRunner.query('DROP FUNCTION component_list_rule_matches(text, text)');
    for (const table of ['group_component_lists', 'component_list_rules', 'component_list_components', 'component_lists']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
