import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per working copy (its owning component) that notification hooks asked to update: `queued` while an
 * update job waits, so further notifications coalesce into it instead of queueing a pull each. Shared by every
 * API replica and worker through the database.
 */
export class CreateRepositoryUpdates1763780020000 implements MigrationInterface {
  name = 'CreateRepositoryUpdates1763780020000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE repository_updates (
        component_id integer PRIMARY KEY REFERENCES components (id) ON DELETE CASCADE,
        queued boolean NOT NULL,
        queued_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE repository_updates');
  }
}
