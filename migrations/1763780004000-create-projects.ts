import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateProjects1763780004000 implements MigrationInterface {
  name = 'CreateProjects1763780004000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE projects (
        id serial PRIMARY KEY,
        name varchar(60) NOT NULL UNIQUE,
        slug varchar(60) NOT NULL UNIQUE,
        web varchar(200) NOT NULL DEFAULT '',
        instructions text NOT NULL DEFAULT '',
        set_language_team boolean NOT NULL DEFAULT false,
        enable_hooks boolean NOT NULL DEFAULT true,
        language_aliases text NOT NULL DEFAULT '',
        translation_review boolean NOT NULL DEFAULT false,
        source_review boolean NOT NULL DEFAULT false,
        access_control smallint NOT NULL DEFAULT 0 CHECK (access_control IN (0, 1, 100, 200)),
        check_flags text NOT NULL DEFAULT '',
        license varchar(150) NOT NULL DEFAULT '',
        agreement text NOT NULL DEFAULT '',
        created timestamptz NOT NULL DEFAULT now()
      )`);
    // A project's own teams go with it.
    await queryRunner.query(
      'ALTER TABLE groups ADD CONSTRAINT groups_defining_project_fk FOREIGN KEY (defining_project_id) REFERENCES projects (id) ON DELETE CASCADE',
    );
    await queryRunner.query(`
      CREATE TABLE group_projects (
        group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, project_id)
      )`);
    // A project-scoped (wlp_) key works only inside this project.
    await queryRunner.query('ALTER TABLE api_tokens ADD COLUMN project_id integer REFERENCES projects (id) ON DELETE CASCADE');
    await queryRunner.query('ALTER TABLE api_tokens ADD COLUMN name varchar(100)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE api_tokens DROP COLUMN name');
    await queryRunner.query('ALTER TABLE api_tokens DROP COLUMN project_id');
    await queryRunner.query('DROP TABLE group_projects');
    await queryRunner.query('ALTER TABLE groups DROP CONSTRAINT groups_defining_project_fk');
    await queryRunner.query('DROP TABLE projects');
  }
}
