import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateCategories1763780005000 implements MigrationInterface {
  name = 'CreateCategories1763780005000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE categories (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        slug varchar(100) NOT NULL,
        project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        category_id integer REFERENCES categories (id) ON DELETE CASCADE
      )`);
    // Slugs and names are unique among siblings: within the parent category, or at the project's top level.
    await queryRunner.query('CREATE UNIQUE INDEX categories_slug_per_parent ON categories (project_id, coalesce(category_id, 0), slug)');
    await queryRunner.query('CREATE UNIQUE INDEX categories_name_per_parent ON categories (project_id, coalesce(category_id, 0), name)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE categories');
  }
}
