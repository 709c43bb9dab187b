import { MigrationInterface, QueryRunner } from 'typeorm';

/** Roles, groups and memberships; the default roles and groups are loaded by AccessDataSync after migrating. */
export class CreateAccessControl1763780003000 implements MigrationInterface {
  name = 'CreateAccessControl1763780003000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE roles (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL UNIQUE,
        permissions text[] NOT NULL DEFAULT '{}'
      )`);
    await queryRunner.query(`
      CREATE TABLE groups (
        id serial PRIMARY KEY,
        name varchar(150) NOT NULL,
        project_selection smallint NOT NULL DEFAULT 0,
        language_selection smallint NOT NULL DEFAULT 0,
        defining_project_id integer,
        internal boolean NOT NULL DEFAULT false
      )`);
    // Team names repeat across projects (every project has a "Translate" team) but not within one.
    await queryRunner.query('CREATE UNIQUE INDEX groups_name_per_project ON groups (name, coalesce(defining_project_id, 0))');
    await queryRunner.query(`
      CREATE TABLE group_roles (
        group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        role_id integer NOT NULL REFERENCES roles (id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, role_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE group_languages (
        group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        language_id integer NOT NULL REFERENCES languages (id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, language_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE group_admins (
        group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, user_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE user_groups (
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, group_id)
      )`);
    await queryRunner.query('CREATE INDEX user_groups_group ON user_groups (group_id)');
    await queryRunner.query(`
      CREATE TABLE notification_subscriptions (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        notification varchar(100) NOT NULL,
        scope smallint NOT NULL,
        frequency smallint NOT NULL,
        project_id integer,
        component_id integer
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX notification_subscriptions_unique ON notification_subscriptions (user_id, notification, scope, coalesce(project_id, 0), coalesce(component_id, 0))',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['notification_subscriptions', 'user_groups', 'group_admins', 'group_languages', 'group_roles', 'groups', 'roles']) {
      await queryRunner.query(`DROP TABLE ${table}`);
    }
  }
}
