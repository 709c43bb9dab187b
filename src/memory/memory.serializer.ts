import { MemoryRow } from './memory.repository';

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
