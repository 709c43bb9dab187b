import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Screenshots: an image (stored under DATA_DIR, its path relative to it here) belonging to a translation,
 * usually the source one, and the source strings it shows. Both go with their translation; the image files
 * of a deleted component or project are left for the deleting code to remove.
 */
export class CreateScreenshots1763780011000 implements MigrationInterface {
  name = 'CreateScreenshots1763780011000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE screenshots (
        id serial PRIMARY KEY,
        name varchar(200) NOT NULL,
        repository_filename varchar(200) NOT NULL DEFAULT '',
        translation_id integer NOT NULL REFERENCES translations (id) ON DELETE CASCADE,
        image_path varchar(300) NOT NULL,
        content_type varchar(50) NOT NULL,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        timestamp timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX screenshots_translation ON screenshots (translation_id)');
    await queryRunner.query(`
      CREATE TABLE screenshot_units (
        screenshot_id integer NOT NULL REFERENCES screenshots (id) ON DELETE CASCADE,
        unit_id integer NOT NULL REFERENCES units (id) ON DELETE CASCADE,
        PRIMARY KEY (screenshot_id, unit_id)
      )`);
    await queryRunner.query('CREATE INDEX screenshot_units_unit ON screenshot_units (unit_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE screenshot_units');
    await queryRunner.query('DROP TABLE screenshots');
  }
}
