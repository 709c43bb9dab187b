import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memory entries of every scope Weblate has: a project's (`project_id`), a user's own (`user_id`, no project),
 * shared ones and imported files' without either (site-wide). `user_id` now names the personal scope only, as in
 * Weblate, so a project entry no longer records its author there, and a user's personal entries go with the user
 * (were they kept without an owner, they would become site-wide ones). A pair is stored once per scope. Fuzzy
 * lookups take the nearest source first (`<->`), which a GiST trigram index serves in distance order; it also
 * serves the list's `ILIKE` filter, so it replaces the GIN one.
 */
export class ScopeMemoryEntries1763780080000 implements MigrationInterface {
  name = 'ScopeMemoryEntries1763780080000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('UPDATE memory SET user_id = NULL WHERE project_id IS NOT NULL');
    await queryRunner.query('ALTER TABLE memory DROP CONSTRAINT memory_user_id_fkey');
    await queryRunner.query('ALTER TABLE memory ADD CONSTRAINT memory_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE');
    await queryRunner.query('DROP INDEX memory_dedup');
    await queryRunner.query(`
      CREATE UNIQUE INDEX memory_dedup ON memory
        (md5(source), md5(target), source_language_id, target_language_id, coalesce(project_id, 0), coalesce(user_id, 0), shared, from_file)`);
    await queryRunner.query('CREATE INDEX memory_user ON memory (user_id) WHERE user_id IS NOT NULL');
    await queryRunner.query('DROP INDEX memory_source_trgm');
    await queryRunner.query('CREATE INDEX memory_source_trgm ON memory USING gist (source public.gist_trgm_ops (siglen = 256))');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX memory_source_trgm');
    await queryRunner.query('CREATE INDEX memory_source_trgm ON memory USING gin (source public.gin_trgm_ops)');
    await queryRunner.query('DROP INDEX memory_user');
    await queryRunner.query('DELETE FROM memory WHERE project_id IS NULL AND user_id IS NOT NULL');
    await queryRunner.query('DROP INDEX memory_dedup');
    await queryRunner.query(`
      CREATE UNIQUE INDEX memory_dedup ON memory
        (md5(source), md5(target), source_language_id, target_language_id, coalesce(project_id, 0))`);
    await queryRunner.query('ALTER TABLE memory DROP CONSTRAINT memory_user_id_fkey');
    await queryRunner.query('ALTER TABLE memory ADD CONSTRAINT memory_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL');
  }
}
