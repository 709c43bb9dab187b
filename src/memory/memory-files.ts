import { basename, extname } from 'node:path';
import { FormatError, getFormat, PLURAL_SEPARATOR, readTmx, TmxPair, UnitState } from '../formats';

/** One pair read from an imported file, its languages by the codes the file gives. */
export type MemoryFileEntry = Pick<TmxPair, 'source' | 'target' | 'sourceLanguage' | 'targetLanguage'>;

export interface MemoryFileOptions {
  maxEntries: number;
  /** For files that do not name their languages (a PO file names its target language at most). */
  sourceLanguage?: string;
  targetLanguage?: string;
}

/** A file the memory cannot take, with the reason users are shown. */
export class MemoryFileError extends Error {}

const MEMORY_FILE_EXTENSIONS = ['tmx', 'json', 'po'] as const;

/**
 * Reads a file imported into the memory, by its extension as Weblate does: TMX, Weblate's memory JSON export (a
 * list of `{source, target, source_language, target_language, origin, category}`; the scope is the import's, not
 * the file's `category`) or a bilingual PO file (its translated strings). Nothing is partially read: a problem
 * anywhere refuses the whole file.
 */
export async function readMemoryFile(name: string, data: Buffer, options: MemoryFileOptions): Promise<MemoryFileEntry[]> {
  const extension = extname(name).toLowerCase().slice(1);
  try {
    switch (extension) {
      case 'tmx':
        return readTmx(data, { maxPairs: options.maxEntries });
      case 'json':
        return readMemoryJson(data, options.maxEntries);
      case 'po':
        return await readPo(data, options);
      default:
        throw new MemoryFileError(`Unsupported file extension: ${extension ? `.${extension}` : '(none)'}; use ${MEMORY_FILE_EXTENSIONS.map((known) => `.${known}`).join(', ')}.`);
    }
  } catch (error) {
    if (error instanceof FormatError) throw new MemoryFileError(`Could not parse ${extension.toUpperCase()} file: ${error.message}`);
    throw error;
  }
}

/** Weblate's origin of imported entries: the file's name in lower case, a long one shortened. */
export function memoryFileOrigin(name: string): string {
  const origin = basename(name).toLowerCase();
  const extension = extname(origin);
  const stem = origin.slice(0, origin.length - extension.length);
  return stem.length > 25 ? `${stem.slice(0, 25)}...${extension}` : origin;
}

const JSON_FIELDS = ['source', 'target', 'source_language', 'target_language'] as const;

function readMemoryJson(data: Buffer, maxEntries: number): MemoryFileEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString('utf8'));
  } catch (error) {
    throw new FormatError((error as Error).message);
  }
  if (!Array.isArray(parsed)) throw new FormatError('expected a list of memory entries');
  if (parsed.length > maxEntries) throw new FormatError(`the file holds more than ${maxEntries} translation pairs`);
  return parsed.map((item: unknown, index) => {
    const entry = (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : {}) as Record<string, unknown>;
    const missing = JSON_FIELDS.find((field) => typeof entry[field] !== 'string');
    if (missing) throw new FormatError(`entry ${index}: "${missing}" must be a string`);
    return { source: entry.source as string, target: entry.target as string, sourceLanguage: entry.source_language as string, targetLanguage: entry.target_language as string };
  });
}

async function readPo(data: Buffer, options: MemoryFileOptions): Promise<MemoryFileEntry[]> {
  const { units, header } = await getFormat('po')!.parse(data, { strict: true });
  const sourceLanguage = options.sourceLanguage;
  const targetLanguage = header.language || options.targetLanguage;
  if (!sourceLanguage || !targetLanguage) {
    throw new MemoryFileError('Missing source or target language: a PO file names neither its source language nor always its target one; give source_language (and target_language).');
  }
  const translated = units.filter((unit) => (unit.state === UnitState.Translated || unit.state === UnitState.Approved) && unit.target.join('') !== '');
  if (translated.length > options.maxEntries) throw new FormatError(`the file holds more than ${options.maxEntries} translation pairs`);
  return translated.map((unit) => ({ source: unit.source.join(PLURAL_SEPARATOR), target: unit.target.join(PLURAL_SEPARATOR), sourceLanguage, targetLanguage }));
}
