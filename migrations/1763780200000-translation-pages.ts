import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One page of a translation's units in file order, read in one statement and, for a translation whose positions are
 * exactly 1 … total, without walking the pages before it.
 *
 * `translation_page_unit_ids(translation, skip, take, dense)` gives the page's unit ids. With `dense` it reads the
 * positions after `skip` (a range of units_translation_position: page 90 of 100k strings costs what page 1 does);
 * otherwise it walks that index past `skip` entries. The function's own settings forbid the planner a sort, a
 * sequential scan or a bitmap: with statistics or a visibility map lagging behind a large import it took sorting the
 * whole translation as cheaper (about 110 ms for page 90 of 100k, against 3 ms for the walk). In a function these
 * settings reach the one statement reading a page, where a list would otherwise need a transaction to SET LOCAL them.
 *
 * `translations.positions_dense` says the positions are exactly 1 … total: found here for the translations there are,
 * then set by the statistics' recount (which
 * imports, uploads and deletions run after writing), and cleared by any insertion or deletion of a translation's
 * units (statement triggers), so a translation changed since its last recount walks. Positions of existing units
 * change only in imports, which recount. The function and triggers are created in the schema of the tables, so
 * dropping a schema drops them along.
 */
export class TranslationPages1763780200000 implements MigrationInterface {
  name = 'TranslationPages1763780200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE translations ADD COLUMN positions_dense boolean NOT NULL DEFAULT false');
    await queryRunner.query(`
      UPDATE translations t SET positions_dense = coalesce(s.dense, true)
      FROM translations t2 LEFT JOIN (
        SELECT translation_id, count(DISTINCT position) = count(*) AND min(position) = 1 AND max(position) = count(*) AS dense
        FROM units GROUP BY translation_id
      ) s ON s.translation_id = t2.id
      WHERE t2.id = t.id`);
    await queryRunner.query(`
      CREATE FUNCTION translation_page_unit_ids(translation integer, skip bigint, take bigint, dense boolean) RETURNS SETOF integer
        LANGUAGE sql STABLE PARALLEL SAFE
        SET enable_sort = off SET enable_seqscan = off SET enable_bitmapscan = off
        AS $$
          (SELECT id FROM units WHERE dense AND translation_id = translation AND position > skip ORDER BY position, id LIMIT take)
          UNION ALL
          (SELECT id FROM units WHERE NOT dense AND translation_id = translation ORDER BY position, id OFFSET skip LIMIT take)
        $$`);
    await queryRunner.query(`
      CREATE FUNCTION translations_positions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE translations SET positions_dense = false WHERE positions_dense AND id IN (SELECT translation_id FROM changed_units);
          RETURN NULL;
        END $$`);
    await queryRunner.query(`
      CREATE TRIGGER units_inserted_positions AFTER INSERT ON units REFERENCING NEW TABLE AS changed_units
        FOR EACH STATEMENT EXECUTE FUNCTION translations_positions_changed()`);
    await queryRunner.query(`
      CREATE TRIGGER units_deleted_positions AFTER DELETE ON units REFERENCING OLD TABLE AS changed_units
        FOR EACH STATEMENT EXECUTE FUNCTION translations_positions_changed()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TRIGGER units_deleted_positions ON units');
    await queryRunner.query('DROP TRIGGER units_inserted_positions ON units');
    await queryRunner.query('DROP FUNCTION translations_positions_changed()');
    await queryRunner.query('DROP FUNCTION translation_page_unit_ids(integer, bigint, bigint, boolean)');
    await queryRunner.query('ALTER TABLE translations DROP COLUMN positions_dense');
  }
}
