import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The translation memory: pairs of source and target strings, filled by the memory's event consumer whenever a
 * string becomes translated or approved. A pair is stored once per project (or once site-wide when it has none):
 * the unique index hashes the texts, which may be longer than a B-tree entry allows. The trigram index serves
 * fuzzy lookups by source (`similarity()`, `%`); pg_trgm lives in `public`, as every extension here does, so a
 * schema dropped with its tables (a test's) never takes the extension, and the indexes of other schemas, along.
 */
export class CreateMemory1763780070000 implements MigrationInterface {
  name = 'CreateMemory1763780070000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    await queryRunner.query(`
      CREATE TABLE memory (
        id serial PRIMARY KEY,
        source text NOT NULL,
        target text NOT NULL,
        source_language_id integer NOT NULL REFERENCES languages (id) ON DELETE CASCADE,
        target_language_id integer NOT NULL REFERENCES languages (id) ON DELETE CASCADE,
        origin text NOT NULL DEFAULT '',
        project_id integer REFERENCES projects (id) ON DELETE CASCADE,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        from_file boolean NOT NULL DEFAULT false,
        shared boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE UNIQUE INDEX memory_dedup ON memory
        (md5(source), md5(target), source_language_id, target_language_id, coalesce(project_id, 0))`);
    await queryRunner.query('CREATE INDEX memory_languages ON memory (source_language_id, target_language_id)');
    await queryRunner.query('CREATE INDEX memory_project ON memory (project_id)');
    await queryRunner.query('CREATE INDEX memory_source_trgm ON memory USING gin (source public.gin_trgm_ops)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // The extension stays: other schemas of the database may use it.
    await queryRunner.query('DROP TABLE memory');
  }
}
