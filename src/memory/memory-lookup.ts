import { Injectable } from '@nestjs/common';
import { LookupRow, MemoryLookupRepository } from './memory-lookup.repository';

/** Weblate's default threshold of memory suggestions (its machinery's), for callers that name none. */
const DEFAULT_LOOKUP_THRESHOLD = 75;

export interface MemoryLookupRequest {
  /** Language codes. */
  sourceLanguage: string;
  targetLanguage: string;
  texts: readonly string[];
  /** The project whose entries count; null for none (the caller's own and site-wide entries only). */
  projectId: number | null;
  /** The caller whose personal entries count; null for none (a background job without a person). */
  userId: number | null;
  /** Lowest quality (0–100) of a fuzzy match. */
  threshold?: number;
  /** Exact matches only. */
  exact?: boolean;
}

export type MemoryMatch = Omit<LookupRow, 'index'>;

/**
 * Looks strings up in the memory, many in one database round trip: for each, an entry with exactly that source
 * (quality 100), else the most similar one by trigrams (quality = similarity × 100) reaching the threshold. What
 * other modules (machine translation, automatic translation) call; the scopes are Weblate's: the project's entries,
 * the user's own and the site-wide ones. Deciding whether the caller may use the project is the caller's job.
 */
@Injectable()
export class MemoryLookup {
  constructor(private readonly repository: MemoryLookupRepository) {}

  /** The best match of each text that has one, by text. */
  async lookup(request: MemoryLookupRequest): Promise<Map<string, MemoryMatch>> {
    const texts = [...new Set(request.texts)];
    const matches = await this.matches({ ...request, texts });
    return new Map(texts.flatMap((text, index) => (matches[index] ? [[text, matches[index]] as const] : [])));
  }

  /** The best match of each text, in the order given (null where none). */
  async matches(request: MemoryLookupRequest): Promise<(MemoryMatch | null)[]> {
    if (request.texts.length === 0) return [];
    const rows = await this.repository.bestMatches({
      sourceLanguage: request.sourceLanguage,
      targetLanguage: request.targetLanguage,
      texts: request.texts,
      projectId: request.projectId,
      userId: request.userId,
      exactOnly: request.exact ?? false,
      threshold: request.threshold ?? DEFAULT_LOOKUP_THRESHOLD,
    });
    const found = new Map(rows.map(({ index, ...match }) => [index, match]));
    return request.texts.map((_text, index) => found.get(index) ?? null);
  }
}
