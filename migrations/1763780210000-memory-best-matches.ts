import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `memory_best_matches(texts, source language code, target language code, project, user, exact only, similarity
 * bound, lowest quality)`: the best translation-memory entry of each text, as one statement
 * (`MemoryLookupRepository.bestMatches` says what it finds). Its fuzzy half needs `pg_trgm.similarity_threshold` set
 * for `%`; set from a client, that took a transaction of four round trips a lookup (BEGIN, the setting, the lookup,
 * COMMIT). Set here, it lasts until the function returns (its own SET clause makes a level the setting goes back
 * from), and PL/pgSQL keeps the query's plan, which the client's unnamed statement had planned anew each time (about
 * 1.8 ms against 3 ms of execution over 100 k entries). Created in the schema of the tables, like its other functions.
 */
export class MemoryBestMatches1763780210000 implements MigrationInterface {
  name = 'MemoryBestMatches1763780210000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const inScope = `m.source_language_id = (SELECT l.id FROM languages l WHERE l.code = from_language)
      AND m.target_language_id = (SELECT l.id FROM languages l WHERE l.code = to_language)
      AND (m.project_id = in_project OR (m.project_id IS NULL AND (m.user_id IS NULL OR m.user_id = for_user)))`;
    await queryRunner.query(`
      CREATE FUNCTION memory_best_matches(
        texts text[], from_language text, to_language text, in_project integer, for_user integer,
        exact_only boolean, similarity_bound double precision, min_quality integer
      ) RETURNS TABLE (index integer, id integer, source text, target text, origin text, exact boolean, quality integer)
        LANGUAGE plpgsql
        SET pg_trgm.similarity_threshold = 0.3
        AS $$
        BEGIN
          PERFORM set_config('pg_trgm.similarity_threshold', similarity_bound::text, true);
          RETURN QUERY
            SELECT q.index::int - 1, best.id, best.source, best.target, best.origin, best.exact, best.quality
            FROM unnest(texts) WITH ORDINALITY AS q (text, index)
            CROSS JOIN LATERAL (
              (SELECT m.id, m.source, m.target, m.origin, true AS exact, 100 AS quality
               FROM memory m WHERE md5(m.source) = md5(q.text) AND m.source = q.text AND ${inScope}
               ORDER BY m.id LIMIT 1)
              UNION ALL
              (SELECT near.id, near.source, near.target, near.origin, false, round(public.similarity(near.source, q.text) * 100)::int
               FROM (SELECT m.id, m.source, m.target, m.origin FROM memory m
                     WHERE NOT exact_only AND m.source OPERATOR(public.%) q.text AND m.source <> q.text AND ${inScope}
                     ORDER BY m.source OPERATOR(public.<->) q.text LIMIT 1) near
               WHERE round(public.similarity(near.source, q.text) * 100) >= min_quality)
              LIMIT 1
            ) best
            ORDER BY q.index;
        END
        $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION memory_best_matches(text[], text, text, integer, integer, boolean, double precision, integer)');
  }
}
