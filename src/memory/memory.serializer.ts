import { MemoryExportRow, MemoryRow } from './memory.repository';

/** Weblate's MemorySerializer: languages and project by id. */
export interface MemoryResponse {
  id: number;
  source: string;
  target: string;
  source_language: number;
  target_language: number;
  origin: string;
  project: number | null;
  from_file: boolean;
  shared: boolean;
}

export function serializeMemory(row: MemoryRow): MemoryResponse {
  return {
    id: row.id,
    source: row.source,
    target: row.target,
    source_language: row.sourceLanguageId,
    target_language: row.targetLanguageId,
    origin: row.origin,
    project: row.projectId,
    from_file: row.fromFile,
    shared: row.shared,
  };
}

/** Weblate's MemoryLookupResult: each looked-up string with its best match, or null. */
export interface MemoryLookupResult {
  query: string;
  match: { id: number; source: string; target: string; origin: string; exact: boolean; quality: number } | null;
}

export interface MemoryDownload {
  contentType: string;
  extension: string;
  data: Buffer;
}

/** Weblate's memory categories (weblate/memory/utils.py), which its JSON export writes. */
const CATEGORY = { file: 1, shared: 2, projectOffset: 10_000_000, userOffset: 20_000_000 };

/** An entry as Weblate's memory JSON export writes it (`Memory.as_dict`); entries here are all active (status 1). */
export function serializeMemoryExport(entry: MemoryExportRow) {
  return {
    source: entry.source,
    context: '',
    target: entry.target,
    source_language: entry.sourceLanguage,
    target_language: entry.targetLanguage,
    origin: entry.origin,
    category: categoryOf(entry),
    status: 1,
  };
}

function categoryOf(entry: MemoryExportRow): number {
  if (entry.fromFile) return CATEGORY.file;
  if (entry.shared) return CATEGORY.shared;
  if (entry.projectId !== null) return CATEGORY.projectOffset + entry.projectId;
  if (entry.userId !== null) return CATEGORY.userOffset + entry.userId;
  return 0;
}
