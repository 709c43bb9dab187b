import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { ValidationError } from '../core/errors/domain-error';
import { LanguageLookup } from '../languages/language-lookup';
import { MemoryFileError, memoryFileOrigin, readMemoryFile } from './memory-files';
import { ImportedPair, MemoryImportRepository, MemoryScope } from './memory-import.repository';

export interface MemoryImportFile {
  name: string;
  data: Buffer;
  /** For files that do not name their languages (PO). */
  sourceLanguage?: string;
  targetLanguage?: string;
}

export interface MemoryImportResult {
  /** Pairs the file holds (empty ones aside). */
  total: number;
  /** Pairs stored now; the others the scope had already, or the file repeats. */
  created: number;
}

/**
 * Imports a TMX, memory JSON or PO file into one scope of the memory (`POST /api/memory/`, `import-memory`): the
 * whole file is read and its languages resolved before anything is stored, in one transaction, so a bad file
 * stores nothing. Who may import into which scope is the caller's decision (controller or CLI).
 */
@Injectable()
export class MemoryImportService {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly languages: LanguageLookup,
    private readonly memory: MemoryImportRepository,
  ) {}

  async import(file: MemoryImportFile, scope: MemoryScope): Promise<MemoryImportResult> {
    let entries;
    try {
      entries = await readMemoryFile(file.name, file.data, { maxEntries: this.config.memoryImportMaxEntries, sourceLanguage: file.sourceLanguage, targetLanguage: file.targetLanguage });
    } catch (error) {
      if (error instanceof MemoryFileError) throw ValidationError.field('file', error.message);
      throw error;
    }
    const pairs = entries.filter((entry) => entry.source !== '' && entry.target !== '');
    const codes = [...new Set(pairs.flatMap((pair) => [pair.sourceLanguage, pair.targetLanguage]))];
    const languages = await this.languages.findByCodes(codes);
    const unknown = codes.filter((code) => !languages.has(code));
    if (unknown.length) throw ValidationError.field('file', `Could not find language ${unknown.map((code) => `"${code}"`).join(', ')}.`);
    const resolved: ImportedPair[] = pairs.map((pair) => ({
      source: pair.source,
      target: pair.target,
      sourceLanguageId: languages.get(pair.sourceLanguage)!.id,
      targetLanguageId: languages.get(pair.targetLanguage)!.id,
    }));
    const created = await this.memory.insert(resolved, scope, memoryFileOrigin(file.name));
    return { total: resolved.length, created };
  }
}
