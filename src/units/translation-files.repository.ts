import { EntityManager } from 'typeorm';
import { TranslationPlural, translationPlural } from '../languages/translation-plural';
import type { RenderedVersions } from './unit-rows.repository';

/** A component's translation with the language facts reading and writing its file needs. */
export interface TranslationFileInfo {
  id: number;
  filename: string;
  revision: string;
  isSource: boolean;
  languageId: number;
  languageCode: string;
  plural: TranslationPlural;
  /** Strings were added or removed since the file was written: it needs every unit, not only the pending ones. */
  needsWrite: boolean;
  /** The row's version (`xmin`) when read: strings added or removed since keep `needs_write` (see markWritten). */
  rowVersion: string;
}

const SELECT_FILES = `SELECT t.id, t.xmin::text AS row_version, t.filename, t.revision, t.is_source, t.needs_write, t.language_id, t.language_code, c.file_format,
    pl.number AS plural_count, pl.formula
  FROM translations t
  JOIN components c ON c.id = t.component_id
  LEFT JOIN plurals pl ON pl.language_id = t.language_id AND pl.source = 0`;

/*
 * The translations of a component as files: which file each reads and writes, with its language's plural, and
 * the file state the units module keeps on them (`needs_write`, `revision`, last change). Functions taking the
 * transaction's manager, as the import, the writer and the uploads run inside one.
 */

export async function loadTranslationFiles(manager: EntityManager, componentId: number): Promise<TranslationFileInfo[]> {
  return toInfos(await manager.query(`${SELECT_FILES} WHERE t.component_id = $1 ORDER BY t.is_source DESC, t.id`, [componentId]));
}

export async function loadTranslationFile(manager: EntityManager, translationId: number): Promise<TranslationFileInfo> {
  const [info] = toInfos(await manager.query(`${SELECT_FILES} WHERE t.id = $1`, [translationId]));
  return info;
}

function toInfos(rows: Record<string, unknown>[]): TranslationFileInfo[] {
  return rows.map((row) => ({
    id: Number(row.id),
    filename: String(row.filename),
    revision: String(row.revision),
    isSource: Boolean(row.is_source),
    languageId: Number(row.language_id),
    languageCode: String(row.language_code),
    plural: translationPlural(String(row.file_format), String(row.language_code), row.formula === null ? null : { number: Number(row.plural_count), formula: String(row.formula) }),
    needsWrite: Boolean(row.needs_write),
    rowVersion: String(row.row_version),
  }));
}

/** Of translation `t`: strings were added or removed, or edited and not yet written to its file. */
const UNWRITTEN = '(t.needs_write OR EXISTS (SELECT 1 FROM units u WHERE u.translation_id = t.id AND u.pending))';

/** Whether the translation has strings changed in the database and not yet written to its file. */
export async function hasUnwrittenChanges(manager: EntityManager, translationId: number): Promise<boolean> {
  const [row]: { dirty: boolean }[] = await manager.query(
    `SELECT ${UNWRITTEN} AS dirty FROM translations t WHERE t.id = $1`,
    [translationId],
  );
  return Boolean(row?.dirty);
}

/** Translations of the component with a file and strings to write into it. */
export async function unwrittenTranslationIds(manager: EntityManager, componentId: number): Promise<Set<number>> {
  const rows: { id: number }[] = await manager.query(
    `SELECT t.id FROM translations t WHERE t.component_id = $1 AND t.filename <> '' AND ${UNWRITTEN}`,
    [componentId],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The file now holds the translation's strings as they were rendered, and `revision` is the file's. Only the unit
 * versions rendered stop being pending, and `needs_write` is cleared only if the translation row is as read: an
 * edit or an added string committed while the file was rendered is written by the next commit, never dropped.
 */
export async function markWritten(
  manager: EntityManager, translation: Pick<TranslationFileInfo, 'id' | 'rowVersion'>, revision: string, rendered: RenderedVersions,
): Promise<void> {
  await manager.query(
    `UPDATE units u SET pending = false FROM unnest($2::int[], $3::text[]) AS r(id, version)
     WHERE u.translation_id = $1 AND u.pending AND u.id = r.id AND u.xmin = r.version::xid`,
    [translation.id, rendered.ids, rendered.versions],
  );
  await manager.query(
    'UPDATE translations SET needs_write = needs_write AND NOT (xmin = $3::xid), revision = $2 WHERE id = $1',
    [translation.id, revision, translation.rowVersion],
  );
}

/** Strings were added or removed: the files must be rewritten at the next commit even with no pending unit. */
export async function markForWrite(manager: EntityManager, translationIds: readonly number[]): Promise<void> {
  await manager.query('UPDATE translations SET needs_write = true WHERE id = ANY($1::int[])', [[...translationIds]]);
}

/** A bulk write (an upload, automatic translation) changed strings: it is the translation's last change, credited to `authorId`. */
export async function recordLastChange(manager: EntityManager, translationId: number, authorId: number | null): Promise<void> {
  await manager.query('UPDATE translations SET last_change = now(), last_author_id = $2 WHERE id = $1', [translationId, authorId]);
}

/** The revision of the file its units were last read from, so an unchanged file is not read again. */
export async function setRevision(manager: EntityManager, translationId: number, revision: string): Promise<void> {
  await manager.query('UPDATE translations SET revision = $2 WHERE id = $1', [translationId, revision]);
}

/** Who changed the translation last, credited as the author of the commit that writes it. */
export async function lastAuthor(manager: EntityManager, translationId: number): Promise<{ name: string; email: string } | null> {
  const [row]: { full_name: string; email: string }[] = await manager.query(
    'SELECT u.full_name, u.email FROM translations t JOIN users u ON u.id = t.last_author_id WHERE t.id = $1',
    [translationId],
  );
  return row && row.email ? { name: row.full_name || row.email, email: row.email } : null;
}

/** The component's translations, the source one marked. */
export function componentTranslations(manager: EntityManager, componentId: number): Promise<{ id: number; isSource: boolean }[]> {
  return manager.query('SELECT id, is_source AS "isSource" FROM translations WHERE component_id = $1 ORDER BY id', [componentId]);
}

/** The project's check flags, which apply to every string of its components. */
export async function projectCheckFlags(manager: EntityManager, projectId: number): Promise<string> {
  const [project]: { check_flags: string }[] = await manager.query('SELECT check_flags FROM projects WHERE id = $1', [projectId]);
  return project?.check_flags ?? '';
}
