import { FormatError } from '../formats';

/** A translation file in the repository that cannot be read; says which file and, when known, where. */
export class TranslationFileError extends Error {
  constructor(readonly filename: string, cause: unknown) {
    super(`${filename}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'TranslationFileError';
  }

  static wrap(filename: string, error: unknown): never {
    if (error instanceof FormatError) throw new TranslationFileError(filename, error);
    throw error;
  }
}
