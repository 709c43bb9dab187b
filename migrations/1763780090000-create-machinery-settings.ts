import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Machine translation services a project configured (Weblate's Project.machinery_settings, 5.9): one row per
 * service with its configuration, which may hold the service's key. Site-wide services come from MT_SERVICES.
 */
export class CreateMachinerySettings1763780090000 implements MigrationInterface {
  name = 'CreateMachinerySettings1763780090000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE machinery_settings (
        project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        service varchar(100) NOT NULL,
        configuration jsonb NOT NULL DEFAULT '{}',
        PRIMARY KEY (project_id, service)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE machinery_settings');
  }
}
