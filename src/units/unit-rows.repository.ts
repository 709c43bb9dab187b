import { EntityManager } from 'typeorm';
import { TranslationUnit, unitId } from '../formats';
import { copyRows, CopyValue } from '../database/copy-rows';
import { textArrayLiteral } from './pg-array';
import { FollowingWrite, SqlStatement, writeChained } from '../database/chained-write';
import { toRow, UnitRow } from './unit-rows';
import type { StoredUnit } from './upload/upload-plan';

/*
 * The strings of translations, read and written set-based: imports store whole files, uploads write thousands
 * of strings, and each is one statement per batch. Functions taking the transaction's manager, as every caller
 * runs inside one.
 */

/** Rows per statement: large enough that 100k strings take a few dozen round trips, small enough for parameters. */
const BATCH = 5000;

/** The columns of a file's unit that the file says, with their types, in the order they are copied into the staging table. */
const STAGED: readonly (readonly [name: string, type: string])[] = [
  ['id_hash', 'bigint'], ['content_hash', 'bigint'], ['context', 'text'], ['source', 'text[]'], ['target', 'text[]'], ['previous_source', 'text'],
  ['note', 'text'], ['location', 'text'], ['flags', 'text'], ['state', 'smallint'], ['position', 'integer'], ['num_words', 'integer'],
  ['num_chars', 'integer'], ['failing_checks', 'text[]'],
];
const STAGED_COLUMNS = STAGED.map(([name]) => name);

interface StoreOptions {
  /** The source translation, whose unit of the same id hash each unit links to; null when storing the source translation. */
  sourceTranslationId: number | null;
  /** The format cannot say a string needs editing: see mergeStaged. */
  keepNeedsEditing?: boolean;
  /** The rows are the whole file: the translation's units not among them are removed. */
  removeOthers?: boolean;
  /** Return the ids of the units the translation did not have before. */
  reportAdded?: boolean;
}

/**
 * Stores a file's units in one translation (see mergeStaged) from a stream of rows, whose id hashes must be
 * distinct: the rows are copied (COPY) into a staging table of this transaction, which the merge then joins with
 * the translation's and the source translation's units. Every statement is one pass over the file or the
 * translation, so an import grows linearly with the file, and memory holds a chunk of rows, not the file's.
 */
export async function storeUnits(manager: EntityManager, translationId: number, rows: Iterable<UnitRow>, options: StoreOptions): Promise<{ stored: number; added: number[] }> {
  const iterator = rows[Symbol.iterator]();
  const first: UnitRow[] = [];
  for (let next = iterator.next(); !next.done; next = iterator.next()) {
    first.push(next.value);
    if (first.length > SMALL_FILE) break;
  }
  if (first.length <= SMALL_FILE) return storeFew(manager, translationId, first, options);
  const all = concat(first, { [Symbol.iterator]: () => iterator });
  const [{ empty }]: { empty: boolean }[] = await manager.query('SELECT NOT EXISTS (SELECT 1 FROM units WHERE translation_id = $1) AS empty', [translationId]);
  if (empty) return insertUnits(manager, translationId, all, options);
  await manager.query(`CREATE TEMP TABLE unit_staging (${STAGED.map(([name, type]) => `${name} ${type} NOT NULL`).join(', ')}) ON COMMIT DROP`);
  const stored = await copyRows(manager, 'unit_staging', STAGED_COLUMNS, stagedValues(all));
  // The planner's row counts of the staging table: without them it guesses, and may pick a nested loop over the file.
  // The index is for the removal's anti-join: the units just stored are not yet in the planner's statistics of
  // `units`, so it expects a handful and may loop over them — each probe then must not scan the staging table (a
  // 100k-string import's removal ran for over half an hour that way).
  await manager.query('CREATE INDEX ON unit_staging (id_hash)');
  await manager.query('ANALYZE unit_staging');
  const addedHashes: { id_hash: string }[] = options.reportAdded
    ? await manager.query(
      'SELECT d.id_hash FROM unit_staging d WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.translation_id = $1 AND u.id_hash = d.id_hash)', [translationId],
    )
    : [];
  await manager.query(mergeInto('unit_staging d'), mergeParams(translationId, options));
  if (options.removeOthers) {
    await manager.query(
      'DELETE FROM units u WHERE u.translation_id = $1 AND NOT EXISTS (SELECT 1 FROM unit_staging d WHERE d.id_hash = u.id_hash)', [translationId],
    );
  }
  await manager.query('DROP TABLE unit_staging');
  const added = addedHashes.length ? [...(await unitIdsByHashOf(manager, translationId, addedHashes.map((row) => String(row.id_hash)))).values()] : [];
  return { stored, added };
}

/** Strings stored by one import from which the units' planner statistics are gathered again (see analyzeUnits). */
export const ANALYZE_FROM = 10_000;

/**
 * Gathers the planner's statistics of `units` (in the caller's transaction, whose rows count), after a bulk import:
 * until autovacuum gets to it, a table filled by the import has none, and a save's look for copies of its string
 * (by content hash) was planned as a scan of the whole translation, 19 ms instead of a fraction of one, three times a
 * save. PostgreSQL's own advice after a bulk load.
 */
export async function analyzeUnits(manager: EntityManager): Promise<void> {
  await manager.query('ANALYZE units');
}

/** Files of up to this many strings are stored in one statement, their rows as parameters (see storeFew). */
const SMALL_FILE = 1000;

function* concat<T>(...parts: Iterable<T>[]): Generator<T> {
  for (const part of parts) yield* part;
}

/**
 * storeUnits for a few rows: one statement, the rows as array parameters (PostgreSQL's `unnest`), merged, the others
 * removed and the added ones returned by CTEs all reading the translation as it was. A staging table costs five
 * statements more (create, copy, index, analyze, drop): for a push hook updating a hundred components' small files,
 * most of the update.
 */
async function storeFew(manager: EntityManager, translationId: number, rows: readonly UnitRow[], options: StoreOptions): Promise<{ stored: number; added: number[] }> {
  const values = rows.map(stagedValuesOf);
  const columns = STAGED.map((_, index) => values.map((row) => row[index]));
  // A text[] column travels as array literals, one per row (unnest would flatten a text[][] parameter), cast back.
  const arrays = STAGED.map(([, type], index) => `$${index + 5}::${type === 'text[]' ? 'text' : type}[]`).join(', ');
  const staged = `(SELECT ${STAGED.map(([name, type]) => (type === 'text[]' ? `${name}::text[] AS ${name}` : name)).join(', ')}
    FROM unnest(${arrays}) AS f(${STAGED_COLUMNS.join(', ')})) d`;
  const found: { id: number }[] = await manager.query(
    `WITH merged AS (${mergeInto(staged)} RETURNING units.id, units.id_hash),
       removed AS (DELETE FROM units u WHERE $4 AND u.translation_id = $1 AND NOT (u.id_hash = ANY($5::bigint[])))
     SELECT m.id FROM merged m WHERE NOT EXISTS (SELECT 1 FROM units u WHERE u.translation_id = $1 AND u.id_hash = m.id_hash)`,
    [...mergeParams(translationId, options), options.removeOthers ?? false, ...columns],
  );
  return { stored: rows.length, added: options.reportAdded ? found.map((row) => Number(row.id)) : [] };
}

function* stagedValues(rows: Iterable<UnitRow>): Generator<CopyValue[]> {
  for (const row of rows) yield stagedValuesOf(row);
}

function stagedValuesOf({ idHash, contentHash, unit, numWords, numChars, failingChecks }: UnitRow): CopyValue[] {
  return [
    idHash, contentHash, unit.context, textArrayLiteral(unit.source), textArrayLiteral(unit.target), unit.previousSource, unit.note, unit.location,
    unit.flags, unit.state, unit.position, numWords, numChars, textArrayLiteral(failingChecks),
  ];
}

/**
 * storeUnits into a translation that has no units yet (a new component or language, a first read): the rows are
 * copied straight into `units`, each with its source unit's id (looked up by id hash), so PostgreSQL maintains the
 * indexes as the rows arrive while the next ones are still being read and checked — no staging table to copy
 * through, analyze and merge from. Every row is new: all are added, none to remove.
 */
async function insertUnits(manager: EntityManager, translationId: number, rows: Iterable<UnitRow>, { sourceTranslationId, reportAdded }: StoreOptions): Promise<{ stored: number; added: number[] }> {
  const sourceIds = sourceTranslationId === null ? null : await unitIdsByHashOf(manager, sourceTranslationId);
  const values = function* (): Generator<CopyValue[]> {
    for (const row of rows) yield [translationId, sourceIds?.get(row.idHash) ?? null, ...stagedValuesOf(row)];
  };
  const stored = await copyRows(manager, 'units', ['translation_id', 'source_unit_id', ...STAGED_COLUMNS], values());
  const added = reportAdded ? [...(await unitIdsByHashOf(manager, translationId)).values()] : [];
  return { stored, added };
}

/**
 * The rows of relation `d` (the staged columns) into the translation's units. A unit edited in the database and not
 * yet written (pending) keeps its target and state; an approval survives a file that cannot express it; unchanged
 * rows are not rewritten. `keepNeedsEditing`: the format cannot say a string needs editing, so one marked so in the
 * database (by a flag add-on) stays so while the file leaves its text as it was. Parameters: mergeParams.
 */
function mergeInto(source: string): string {
  return `INSERT INTO units (translation_id, source_unit_id, id_hash, content_hash, context, source, target, previous_source, note,
       location, flags, state, position, num_words, num_chars, failing_checks)
     SELECT $1, s.id, d.id_hash, d.content_hash, d.context, d.source, d.target, d.previous_source, d.note, d.location, d.flags, d.state,
       d.position, d.num_words, d.num_chars, d.failing_checks
     FROM ${source} LEFT JOIN units s ON s.translation_id = $2 AND s.id_hash = d.id_hash
     ON CONFLICT (translation_id, id_hash) DO UPDATE SET
       source_unit_id = EXCLUDED.source_unit_id, content_hash = EXCLUDED.content_hash, context = EXCLUDED.context, source = EXCLUDED.source,
       previous_source = EXCLUDED.previous_source, note = EXCLUDED.note, location = EXCLUDED.location,
       flags = EXCLUDED.flags, position = EXCLUDED.position, num_words = EXCLUDED.num_words, num_chars = EXCLUDED.num_chars,
       target = CASE WHEN units.pending THEN units.target ELSE EXCLUDED.target END,
       state = CASE WHEN units.pending THEN units.state
         WHEN units.state = 30 AND EXCLUDED.state = 20 AND units.target = EXCLUDED.target THEN units.state
         WHEN $3 AND units.state = 10 AND EXCLUDED.state = 20 AND units.target = EXCLUDED.target THEN units.state
         ELSE EXCLUDED.state END,
       failing_checks = CASE WHEN units.pending THEN units.failing_checks ELSE EXCLUDED.failing_checks END,
       last_updated = CASE WHEN NOT units.pending AND units.target IS DISTINCT FROM EXCLUDED.target THEN now()
         ELSE units.last_updated END
     WHERE (units.source_unit_id, units.context, units.source, units.target, units.state, units.previous_source, units.note,
         units.location, units.flags, units.position, units.failing_checks)
       IS DISTINCT FROM (EXCLUDED.source_unit_id, EXCLUDED.context, EXCLUDED.source, EXCLUDED.target, EXCLUDED.state,
         EXCLUDED.previous_source, EXCLUDED.note, EXCLUDED.location, EXCLUDED.flags, EXCLUDED.position, EXCLUDED.failing_checks)`;
}

/** $1 the translation, $2 its source translation, $3 keepNeedsEditing (see mergeInto). */
function mergeParams(translationId: number, { sourceTranslationId, keepNeedsEditing = false }: StoreOptions): unknown[] {
  return [translationId, sourceTranslationId, keepNeedsEditing];
}

/**
 * The ids of a translation's units by id hash: all of them, or those with `hashes`. Callers match rows in memory
 * with it rather than ask the database once per row: such a lookup is only as fast as the plan PostgreSQL picks,
 * and with statistics gathered before the translation was filled, it scanned every unit of the translation for
 * each row (a 5,000-row batch of a 100k-string import took minutes). This statement reads the translation's rows
 * once, whichever index or scan serves it.
 */
async function unitIdsByHashOf(manager: EntityManager, translationId: number, hashes?: readonly string[]): Promise<Map<string, number>> {
  const rows: { id: number; id_hash: string }[] = hashes
    ? await manager.query('SELECT id, id_hash FROM units WHERE translation_id = $1 AND id_hash = ANY($2::bigint[])', [translationId, [...hashes]])
    : await manager.query('SELECT id, id_hash FROM units WHERE translation_id = $1', [translationId]);
  return new Map(rows.map((row) => [String(row.id_hash), Number(row.id)]));
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
  await storeUnits(manager, translationId, rows, { sourceTranslationId });
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

/** A write of an upload, with the target it replaces (the change record's `old`). */
export interface StagedWrite extends UnitWrite {
  old: readonly string[];
}

/** Writes per statement of applyWrites: enough to spare round trips, few enough to keep the two processes busy together. */
const WRITE_BATCH = 2000;

/**
 * An upload's writes in statements of WRITE_BATCH, each with its change records (`record`, chained after the UPDATE
 * and given the written rows: `ord`, `unit_id`, `target text[]`, `old text[]`). `writes` is read as the batches are
 * made (its checks computed then; an async one may read the strings it plans as it goes): while PostgreSQL writes one
 * batch the next is prepared, so the application's work and the database's overlap instead of following each other
 * (a staging table had to be filled whole before the UPDATE could start). Returns how many were written.
 */
export async function applyWrites(manager: EntityManager, writes: Iterable<StagedWrite> | AsyncIterable<StagedWrite>, record: FollowingWrite): Promise<number> {
  let written = 0;
  let writing: Promise<unknown> = Promise.resolve();
  let batch: StagedWrite[] = [];
  const flush = async () => {
    const statement = writeBatch(batch, written);
    written += batch.length;
    batch = [];
    await writing;
    writing = writeChained(manager, statement, [record]);
  };
  try {
    for await (const write of writes) {
      batch.push(write);
      if (batch.length === WRITE_BATCH) await flush();
    }
    if (batch.length) await flush();
  } catch (error) {
    // The writes failed to be made (a check threw): the batch in flight is let finish before the transaction ends.
    await writing.catch(() => undefined);
    throw error;
  }
  await writing;
  return written;
}

/** One batch's UPDATE, its rows numbered from `first` (the change log's order), returning what the records need. */
function writeBatch(batch: readonly StagedWrite[], first: number): SqlStatement {
  return {
    sql: `UPDATE units u SET target = d.target::text[], state = d.state, failing_checks = d.checks::text[], pending = true,
            automatically_translated = false, last_updated = now()
          FROM unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::text[], $6::text[]) AS d(ord, unit_id, target, state, checks, old)
          WHERE u.id = d.unit_id
          RETURNING d.ord, d.unit_id, d.target::text[] AS target, d.old::text[] AS old`,
    params: [
      batch.map((_, index) => first + index),
      batch.map((write) => write.unitId),
      batch.map((write) => textArrayLiteral(write.target)),
      batch.map((write) => write.state),
      batch.map((write) => textArrayLiteral(write.failingChecks)),
      batch.map((write) => textArrayLiteral(write.old)),
    ],
  };
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

/**
 * The row versions (`xmin`) of the pending units a file was rendered from. Only those stop being pending once the
 * file is written: a string edited while the file was being rendered keeps its flag for the next commit.
 */
export interface RenderedVersions {
  ids: number[];
  versions: string[];
}

/**
 * The units of a translation in file order, in the shape formats read and write; `pendingOnly`: those not written
 * to the file yet; `rendered`: collects the versions of the pending ones read.
 */
export async function loadFileUnits(
  manager: EntityManager, translationId: number, monolingual: boolean, { pendingOnly = false, rendered }: { pendingOnly?: boolean; rendered?: RenderedVersions } = {},
): Promise<TranslationUnit[]> {
  const rows: Record<string, unknown>[] = await manager.query(
    `SELECT id, xmin::text AS version, pending, context, source, target, state, note, location, flags, previous_source, position
     FROM units WHERE translation_id = $1${pendingOnly ? ' AND pending' : ''} ORDER BY position, id`,
    [translationId],
  );
  return rows.map((row) => {
    if (rendered && row.pending) {
      rendered.ids.push(Number(row.id));
      rendered.versions.push(String(row.version));
    }
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
  return (await manager.query(`SELECT ${STORED_COLUMNS} FROM units WHERE translation_id = $1 ORDER BY position, id FOR UPDATE`, [translationId])).map(toStoredUnit);
}

/** lockStoredUnits holding only each unit's id by id hash, for an upload that reads the rest a batch at a time. */
export async function lockStoredIds(manager: EntityManager, translationId: number): Promise<Map<string, number>> {
  const rows: { id: number; id_hash: string }[] = await manager.query(
    'SELECT id, id_hash FROM units WHERE translation_id = $1 ORDER BY position, id FOR UPDATE', [translationId],
  );
  return new Map(rows.map((row) => [String(row.id_hash), Number(row.id)]));
}

/** Units by id, as lockStoredUnits reads them (the caller holds their locks). */
export async function storedUnitsByIds(manager: EntityManager, ids: readonly number[]): Promise<(StoredUnit & { flags: string })[]> {
  return (await manager.query(`SELECT ${STORED_COLUMNS} FROM units WHERE id = ANY($1::int[])`, [ids])).map(toStoredUnit);
}

const STORED_COLUMNS = 'id, id_hash, context, state, target, source, flags';

function toStoredUnit(row: Record<string, unknown>): StoredUnit & { flags: string } {
  return {
    id: Number(row.id),
    idHash: String(row.id_hash),
    context: String(row.context),
    state: Number(row.state),
    target: row.target as string[],
    source: row.source as string[],
    flags: String(row.flags),
  };
}
