import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { queryPrepared } from '../database/prepared-statement';

/** Which entries a lookup draws on (Weblate's memory scopes). */
interface LookupScope {
  /** The project's own entries; none when null. */
  projectId: number | null;
  /** The caller's personal entries; none when null. */
  userId: number | null;
}

export interface LookupQuery extends LookupScope {
  sourceLanguage: string;
  targetLanguage: string;
  texts: readonly string[];
  /** Skip fuzzy matching. */
  exactOnly: boolean;
  /** Lowest quality (0–100) a fuzzy match may have. */
  threshold: number;
}

/** The best match of one looked-up text. */
export interface LookupRow {
  /** Index of the text in the query. */
  index: number;
  id: number;
  source: string;
  target: string;
  origin: string;
  exact: boolean;
  quality: number;
}

@Injectable()
export class MemoryLookupRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The best entry for each text, all texts in one statement: an entry with exactly that source (the md5 of the
   * unique index finds it where the trigram index does not answer equality), else the nearest
   * source by trigram distance (`<->`, which the GiST index yields nearest first, so the scan stops at the first
   * entry of the language pair and scope), kept when its similarity reaches the threshold. Ordering by anything
   * after the distance would make PostgreSQL sort every entry instead. The scopes: the project's entries, the
   * caller's own, and site-wide ones (imported files and shared entries: neither a project nor an owner). Unknown
   * language codes match nothing.
   *
   * The nearest-first scan alone reads the whole index when no entry is near (most lookups: 100–250 ms over 100 k
   * entries against ~1 ms for a hit), since it cannot know that the nearest one will miss the threshold. `%` in the
   * same index scan lets GiST skip every page whose entries cannot reach it; `%` takes its threshold from
   * `pg_trgm.similarity_threshold`, set a hair below the rounded quality so that `%` keeps everything the exact test
   * after it keeps. The statement is the function `memory_best_matches` (its migration), which sets that threshold
   * for its own run only.
   */
  async bestMatches(query: LookupQuery): Promise<LookupRow[]> {
    return queryPrepared<LookupRow>(this.dataSource, 'memory-best-matches', 'SELECT * FROM memory_best_matches($1, $2, $3, $4, $5, $6, $7, $8)', [
      query.texts, query.sourceLanguage, query.targetLanguage, query.projectId, query.userId, query.exactOnly, similarityBound(query.threshold), query.threshold,
    ]);
  }
}

/**
 * The lowest similarity whose quality (similarity × 100, rounded) reaches `threshold`, less a margin for the
 * single-precision similarity: `%` may let a few more entries through, the exact quality test drops them.
 */
function similarityBound(threshold: number): number {
  return Math.min(1, Math.max(0, (threshold - 0.5) / 100 - 1e-4));
}
