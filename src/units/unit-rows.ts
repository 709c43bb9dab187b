import { EntityManager } from 'typeorm';
import { TranslationUnit } from '../formats';
import { textArrayLiteral } from './pg-array';
import { contentHash, hash52 } from './unit-hash';
import { countChars, countWords } from './unit-metrics';

/** A unit as read from a file, ready to be stored. */
export interface UnitRow {
  idHash: string;
  contentHash: string;
  unit: TranslationUnit;
  numWords: number;
  numChars: number;
  failingChecks: string[];
}

export function toRow(unit: TranslationUnit, failingChecks: string[]): UnitRow {
  return {
    idHash: hash52(unit.id),
    contentHash: contentHash(unit.source, unit.context),
    unit,
    numWords: countWords(unit.source),
    numChars: countChars(unit.source),
    failingChecks,
  };
}

/** Rows per statement: large enough that 100k strings take a few dozen round trips, small enough for parameters. */
const BATCH = 5000;

/**
 * Stores a file's units in one translation with set-based statements, linked to the source units of
 * `sourceTranslationId` (stored first). A unit edited in the database and not yet written (pending) keeps its
 * target and state; an approval survives a file that cannot express it; unchanged rows are not rewritten.
 */
export async function upsertUnits(manager: EntityManager, translationId: number, rows: readonly UnitRow[], sourceTranslationId: number | null = null): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const column = <T>(pick: (row: UnitRow) => T) => batch.map(pick);
    await manager.query(
      `INSERT INTO units (translation_id, source_unit_id, id_hash, content_hash, context, source, target, previous_source, note,
         location, flags, state, position, num_words, num_chars, failing_checks)
       SELECT $1, (SELECT s.id FROM units s WHERE s.translation_id = $16 AND s.id_hash = d.id_hash::bigint),
         d.id_hash::bigint, d.content_hash::bigint, d.context, d.source::text[], d.target::text[],
         d.previous_source, d.note, d.location, d.flags, d.state, d.position, d.num_words, d.num_chars, d.checks::text[]
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
         $11::int[], $12::int[], $13::int[], $14::int[], $15::text[])
         AS d(id_hash, content_hash, context, source, target, previous_source, note, location, flags, state, position,
           num_words, num_chars, checks)
       ON CONFLICT (translation_id, id_hash) DO UPDATE SET
         source_unit_id = EXCLUDED.source_unit_id, content_hash = EXCLUDED.content_hash, context = EXCLUDED.context, source = EXCLUDED.source,
         previous_source = EXCLUDED.previous_source, note = EXCLUDED.note, location = EXCLUDED.location,
         flags = EXCLUDED.flags, position = EXCLUDED.position, num_words = EXCLUDED.num_words, num_chars = EXCLUDED.num_chars,
         target = CASE WHEN units.pending THEN units.target ELSE EXCLUDED.target END,
         state = CASE WHEN units.pending THEN units.state
           WHEN units.state = 30 AND EXCLUDED.state = 20 AND units.target = EXCLUDED.target THEN units.state
           ELSE EXCLUDED.state END,
         failing_checks = CASE WHEN units.pending THEN units.failing_checks ELSE EXCLUDED.failing_checks END,
         last_updated = CASE WHEN NOT units.pending AND units.target IS DISTINCT FROM EXCLUDED.target THEN now()
           ELSE units.last_updated END
       WHERE (units.source_unit_id, units.context, units.source, units.target, units.state, units.previous_source, units.note,
           units.location, units.flags, units.position, units.failing_checks)
         IS DISTINCT FROM (EXCLUDED.source_unit_id, EXCLUDED.context, EXCLUDED.source, EXCLUDED.target, EXCLUDED.state,
           EXCLUDED.previous_source, EXCLUDED.note, EXCLUDED.location, EXCLUDED.flags, EXCLUDED.position, EXCLUDED.failing_checks)`,
      [
        translationId,
        column((row) => row.idHash),
        column((row) => row.contentHash),
        column((row) => row.unit.context),
        column((row) => textArrayLiteral(row.unit.source)),
        column((row) => textArrayLiteral(row.unit.target)),
        column((row) => row.unit.previousSource),
        column((row) => row.unit.note),
        column((row) => row.unit.location),
        column((row) => row.unit.flags),
        column((row) => row.unit.state),
        column((row) => row.unit.position),
        column((row) => row.numWords),
        column((row) => row.numChars),
        column((row) => textArrayLiteral(row.failingChecks)),
        sourceTranslationId,
      ],
    );
  }
}

/** Removes the units of a translation whose strings are no longer in its file. */
export async function removeUnitsExcept(manager: EntityManager, translationId: number, keep: readonly string[]): Promise<number> {
  // NOT IN over a subquery is a hashed lookup; `<> ALL(array)` would compare every row with every kept hash.
  const [, removed] = await manager.query('DELETE FROM units WHERE translation_id = $1 AND id_hash NOT IN (SELECT unnest($2::bigint[]))', [translationId, keep]);
  return removed;
}
