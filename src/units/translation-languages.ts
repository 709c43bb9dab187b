import { EntityManager } from 'typeorm';

/** A component's translation with the language facts reading and writing its file needs. */
export interface TranslationFileInfo {
  id: number;
  filename: string;
  revision: string;
  isSource: boolean;
  languageId: number;
  languageCode: string;
  pluralCount: number;
  pluralForms: string;
}

const SELECT_FILES = `SELECT t.id, t.filename, t.revision, t.is_source, t.language_id, t.language_code,
    coalesce(pl.number, 2) AS plural_count, coalesce(pl.formula, 'n != 1') AS formula
  FROM translations t
  LEFT JOIN plurals pl ON pl.language_id = t.language_id AND pl.source = 0`;

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
    pluralCount: Number(row.plural_count),
    pluralForms: `nplurals=${row.plural_count}; plural=${row.formula};`,
  }));
}
