import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Trigram indexes for the unit search (`src/units/search`), so substring terms (`source:foo`, free text) and regular
 * expressions without anchors on source, target, context and note read an index instead of every unit (an
 * expression with trigrams to look for, that is: three characters or more). source and target are arrays of plural
 * forms, which a trigram index cannot hold: it indexes `unit_search_text()`, the forms joined into one text, and the
 * search narrows by that same expression before checking form by form. The wrapper exists because an index
 * expression must be IMMUTABLE and `array_to_string` is only STABLE (it is immutable for text[]); it is PL/pgSQL
 * because PostgreSQL cannot inline a SQL function of this kind, and a SQL function's call costs twice the join itself
 * when a search reads every unit. It is created in the schema of the tables, so dropping a schema (a test's) drops
 * it along; pg_trgm's operator classes are in `public` (see the memory migration).
 */
export class IndexUnitSearch1763780120000 implements MigrationInterface {
  name = 'IndexUnitSearch1763780120000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION unit_search_text(forms text[]) RETURNS text
        LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
        AS $$ BEGIN RETURN array_to_string(forms, E'\\n'); END $$`);
    await queryRunner.query('CREATE INDEX units_source_trgm ON units USING gin (unit_search_text(source) public.gin_trgm_ops)');
    await queryRunner.query('CREATE INDEX units_target_trgm ON units USING gin (unit_search_text(target) public.gin_trgm_ops)');
    await queryRunner.query('CREATE INDEX units_context_trgm ON units USING gin (context public.gin_trgm_ops)');
    await queryRunner.query('CREATE INDEX units_note_trgm ON units USING gin (note public.gin_trgm_ops)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of ['units_source_trgm', 'units_target_trgm', 'units_context_trgm', 'units_note_trgm']) {
      await queryRunner.query(`DROP INDEX ${index}`);
    }
    await queryRunner.query('DROP FUNCTION unit_search_text(text[])');
  }
}
