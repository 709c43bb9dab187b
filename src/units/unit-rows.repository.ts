import { EntityManager } from 'typeorm';
import { TranslationUnit, unitId } from '../formats';
import { textArrayLiteral } from './pg-array';
import { toRow, UnitRow } from './unit-rows';
import type { StoredUnit } from './upload/upload-plan';

/*
 * The strings of translations, read and written set-based: imports store whole files, uploads write thousands
 * of strings, and each is one statement per batch. Functions taking the transaction's manager, as every caller
 * runs inside one.
 */

/** Rows per statement: large enough that 100k strings take a few dozen round trips, small enough for parameters. */
const BATCH = 5000;

/**
 * Stores a file's units in one translation with set-based statements, linked to the source units `sourceUnits`
 * (their ids by id hash, from `unitIdsByHashOf`; null in the source translation). A unit edited in the database
 * and not yet written (pending) keeps its target and state; an approval survives a file that cannot express it;
 * unchanged rows are not rewritten. `keepNeedsEditing`: the format cannot say a string needs editing, so one marked
 * so in the database (by a flag add-on) stays so while the file leaves its text as it was.
 */
export async function upsertUnits(
  manager: EntityManager, translationId: number, rows: readonly UnitRow[], sourceUnits: ReadonlyMap<string, number> | null, keepNeedsEditing = false,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const column = <T>(pick: (row: UnitRow) => T) => batch.map(pick);
    await manager.query(
      `INSERT INTO units (translation_id, source_unit_id, id_hash, content_hash, context, source, target, previous_source, note,
         location, flags, state, position, num_words, num_chars, failing_checks)
       SELECT $1, d.source_unit_id, d.id_hash::bigint, d.content_hash::bigint, d.context, d.source::text[], d.target::text[],
         d.previous_source, d.note, d.location, d.flags, d.state, d.position, d.num_words, d.num_chars, d.checks::text[]
       FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
         $11::int[], $12::int[], $13::int[], $14::int[], $15::text[], $16::int[])
         AS d(id_hash, content_hash, context, source, target, previous_source, note, location, flags, state, position,
           num_words, num_chars, checks, source_unit_id)
       ON CONFLICT (translation_id, id_hash) DO UPDATE SET
         source_unit_id = EXCLUDED.source_unit_id, content_hash = EXCLUDED.content_hash, context = EXCLUDED.context, source = EXCLUDED.source,
         previous_source = EXCLUDED.previous_source, note = EXCLUDED.note, location = EXCLUDED.location,
         flags = EXCLUDED.flags, position = EXCLUDED.position, num_words = EXCLUDED.num_words, num_chars = EXCLUDED.num_chars,
         target = CASE WHEN units.pending THEN units.target ELSE EXCLUDED.target END,
         state = CASE WHEN units.pending THEN units.state
           WHEN units.state = 30 AND EXCLUDED.state = 20 AND units.target = EXCLUDED.target THEN units.state
           WHEN $17 AND units.state = 10 AND EXCLUDED.state = 20 AND units.target = EXCLUDED.target THEN units.state
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
        column((row) => sourceUnits?.get(row.idHash) ?? null),
        keepNeedsEditing,
      ],
    );
  }
}

/**
 * The ids of a translation's units by id hash: all of them, or those with `hashes`. Callers match rows in memory
 * with it rather than ask the database once per row: such a lookup is only as fast as the plan PostgreSQL picks,
 * and with statistics gathered before the translation was filled, it scanned every unit of the translation for
 * each row (a 5,000-row batch of a 100k-string import took minutes). This statement reads the translation's rows
 * once, whichever index or scan serves it.
 */
export async function unitIdsByHashOf(manager: EntityManager, translationId: number, hashes?: readonly string[]): Promise<Map<string, number>> {
  const rows: { id: number; id_hash: string }[] = hashes
    ? await manager.query('SELECT id, id_hash FROM units WHERE translation_id = $1 AND id_hash = ANY($2::bigint[])', [translationId, [...hashes]])
    : await manager.query('SELECT id, id_hash FROM units WHERE translation_id = $1', [translationId]);
  return new Map(rows.map((row) => [String(row.id_hash), Number(row.id)]));
}

/** Removes these units (strings no longer in their file). */
export async function deleteUnits(manager: EntityManager, unitIds: readonly number[]): Promise<void> {
  if (unitIds.length) await manager.query('DELETE FROM units WHERE id = ANY($1::int[])', [[...unitIds]]);
}

/** New pending units after the translation's last position; strings it already has are left as they are. */
export async function appendUnits(
  manager: EntityManager,
  translationId: number,
  units: readonly TranslationUnit[],
  sourceTranslationId: number | null,
  checksOf: (unit: TranslationUnit) => string[] = () => [],
): Promise<void> {
  const candidates = units.map((unit) => toRow(unit, checksOf(unit)));
  const hashes = candidates.map((row) => row.idHash);
  const known = new Set((await unitIdsByHashOf(manager, translationId, hashes)).keys());
  const [{ last }]: { last: number }[] = await manager.query('SELECT coalesce(max(position), 0) AS last FROM units WHERE translation_id = $1', [translationId]);
  const rows = candidates.filter((row) => !known.has(row.idHash) && known.add(row.idHash));
  rows.forEach((row, index) => (row.unit = { ...row.unit, position: Number(last) + index + 1 }));
  const sourceUnits = sourceTranslationId === null ? null : await unitIdsByHashOf(manager, sourceTranslationId, hashes);
  await upsertUnits(manager, translationId, rows, sourceUnits);
  await manager.query('UPDATE units SET pending = true WHERE translation_id = $1 AND id_hash = ANY($2::bigint[])', [translationId, rows.map((row) => row.idHash)]);
}

export interface UnitWrite {
  unitId: number;
  target: string[];
  state: number;
  failingChecks: string[];
}

/**
 * Set-based target/state updates (one statement per batch), marking the strings pending for the next commit.
 * `automatic`: written by automatic translation, which the strings then say (`is:automatically-translated`) until
 * someone else writes them.
 */
export async function writeUnits(manager: EntityManager, writes: readonly UnitWrite[], automatic = false): Promise<void> {
  for (let start = 0; start < writes.length; start += BATCH) {
    const batch = writes.slice(start, start + BATCH);
    await manager.query(
      `UPDATE units u SET target = d.target::text[], state = d.state, failing_checks = d.checks::text[], pending = true,
         automatically_translated = $5, last_updated = now()
       FROM unnest($1::int[], $2::text[], $3::int[], $4::text[]) AS d(id, target, state, checks)
       WHERE u.id = d.id`,
      [
        batch.map((write) => write.unitId),
        batch.map((write) => textArrayLiteral(write.target)),
        batch.map((write) => write.state),
        batch.map((write) => textArrayLiteral(write.failingChecks)),
        automatic,
      ],
    );
  }
}

/** Suggestions instead of edits (method `suggest`); the strings are flagged so lists and statistics see them. */
export async function insertSuggestions(manager: EntityManager, writes: readonly Omit<UnitWrite, 'failingChecks' | 'state'>[], userId: number | null): Promise<void> {
  for (let start = 0; start < writes.length; start += BATCH) {
    const batch = writes.slice(start, start + BATCH);
    const ids = batch.map((write) => write.unitId);
    await manager.query(
      `INSERT INTO suggestions (unit_id, target, user_id)
       SELECT d.id, d.target::text[], $3 FROM unnest($1::int[], $2::text[]) AS d(id, target)`,
      [ids, batch.map((write) => textArrayLiteral(write.target)), userId],
    );
    await manager.query('UPDATE units SET has_suggestion = true WHERE id = ANY($1::int[])', [ids]);
  }
}

/** The units of a translation in file order, in the shape formats read and write. */
export async function loadFileUnits(manager: EntityManager, translationId: number, monolingual: boolean): Promise<TranslationUnit[]> {
  const rows: Record<string, unknown>[] = await manager.query(
    `SELECT context, source, target, state, note, location, flags, previous_source, position
     FROM units WHERE translation_id = $1 ORDER BY position, id`,
    [translationId],
  );
  return rows.map((row) => {
    const source = row.source as string[];
    const context = String(row.context);
    return {
      id: unitId(monolingual, context, source),
      context,
      source,
      target: row.target as string[],
      state: Number(row.state) as TranslationUnit['state'],
      note: String(row.note),
      location: String(row.location),
      flags: String(row.flags),
      previousSource: String(row.previous_source),
      position: Number(row.position),
    };
  });
}

/** The ids of the translation's units with these hashes; with `pendingOnly`, of those not written to the file yet. */
export async function unitIdsByHash(manager: EntityManager, translationId: number, hashes: readonly string[], pendingOnly = false): Promise<number[]> {
  const rows: { id: number }[] = await manager.query(
    `SELECT id FROM units WHERE translation_id = $1 AND id_hash = ANY($2::bigint[])${pendingOnly ? ' AND pending' : ''} ORDER BY id`,
    [translationId, [...hashes]],
  );
  return rows.map((row) => row.id);
}

/** Drops what the database changed and the file has not got yet (the file is being replaced by an upload). */
export async function discardPending(manager: EntityManager, translationId: number): Promise<void> {
  await manager.query('UPDATE units SET pending = false WHERE translation_id = $1', [translationId]);
}

/** The translation's units in file order, locked until the transaction ends (an upload plans against them). */
export async function lockStoredUnits(manager: EntityManager, translationId: number): Promise<(StoredUnit & { flags: string })[]> {
  const rows: Record<string, unknown>[] = await manager.query(
    'SELECT id, id_hash, context, state, target, source, flags FROM units WHERE translation_id = $1 ORDER BY position, id FOR UPDATE',
    [translationId],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    idHash: String(row.id_hash),
    context: String(row.context),
    state: Number(row.state),
    target: row.target as string[],
    source: row.source as string[],
    flags: String(row.flags),
  }));
}
