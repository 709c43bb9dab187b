import { EntityManager } from 'typeorm';
import { TranslationPlural, translationPlural } from '../languages/translation-plural';

/** A component's translation with the language facts reading and writing its file needs. */
export interface TranslationFileInfo {
  id: number;
  filename: string;
  revision: string;
  isSource: boolean;
  languageId: number;
  languageCode: string;
  plural: TranslationPlural;
}

const SELECT_FILES = `SELECT t.id, t.filename, t.revision, t.is_source, t.language_id, t.language_code, c.file_format,
    pl.number AS plural_count, pl.formula
  FROM translations t
  JOIN components c ON c.id = t.component_id
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
    plural: translationPlural(String(row.file_format), String(row.language_code), row.formula === null ? null : { number: Number(row.plural_count), formula: String(row.formula) }),
  }));
}
