import { MigrationInterface, QueryRunner } from 'typeorm';

/** Project labels (Weblate 5.3+): a name unique within the project and a color from a fixed palette. */
export class CreateLabels1763780009000 implements MigrationInterface {
  name = 'CreateLabels1763780009000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE labels (
        id serial PRIMARY KEY,
        project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        name varchar(190) NOT NULL,
        description text NOT NULL DEFAULT '',
        color varchar(30) NOT NULL,
        UNIQUE (project_id, name)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE labels');
  }
}
