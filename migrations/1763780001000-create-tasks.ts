import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateTasks1763780001000 implements MigrationInterface {
  name = 'CreateTasks1763780001000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE tasks (
        id uuid PRIMARY KEY,
        name varchar(100) NOT NULL,
        completed boolean NOT NULL DEFAULT false,
        progress smallint NOT NULL DEFAULT 0,
        result jsonb,
        log text NOT NULL DEFAULT '',
        created timestamptz NOT NULL DEFAULT now(),
        updated timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE tasks');
  }
}
