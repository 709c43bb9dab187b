import { StatisticsCounts } from './statistics-counts';

type Bucket = 'translated' | 'fuzzy' | 'approved' | 'readonly';
type BucketNumbers<B extends Bucket> = Record<B | `${B}_words` | `${B}_chars` | `${B}_percent` | `${B}_words_percent` | `${B}_chars_percent`, number>;

/** The numeric part of every statistics object (languages, projects, categories, component lists, translations). */
export type StatisticsNumbers = {
  total: number;
  total_words: number;
  total_chars: number;
  last_change: string | null;
  recent_changes: number;
  failing: number;
  failing_percent: number;
  suggestions: number;
  comments: number;
} & BucketNumbers<Bucket>;

/**
 * Weblate's percentage: one decimal, rounded down, 0 for nothing to count. A rounded 0.0 or 100.0 would
 * misreport a few strings done or a few left, so those become 0.1 and 99.9.
 */
export function percent(part: number, total: number): number {
  if (total <= 0) return 0;
  const value = Math.floor((1000 * part) / total) / 10;
  if (value === 0 && part > 0) return 0.1;
  if (value === 100 && part < total) return 99.9;
  return value;
}

/** A state bucket's strings, words and characters, each with its share of the total. */
function bucketNumbers<B extends Bucket>(bucket: B, strings: number, words: number, chars: number, counts: StatisticsCounts): BucketNumbers<B> {
  return {
    [bucket]: strings,
    [`${bucket}_percent`]: percent(strings, counts.total),
    [`${bucket}_words`]: words,
    [`${bucket}_words_percent`]: percent(words, counts.totalWords),
    [`${bucket}_chars`]: chars,
    [`${bucket}_chars_percent`]: percent(chars, counts.totalChars),
  } as BucketNumbers<B>;
}

/** The one statistics serializer: every owner (translation, component, project, category, language, list) goes through it. */
export function serializeStatistics(counts: StatisticsCounts): StatisticsNumbers {
  return {
    total: counts.total,
    total_words: counts.totalWords,
    total_chars: counts.totalChars,
    last_change: counts.lastChange?.toISOString() ?? null,
    recent_changes: counts.recentChanges,
    ...bucketNumbers('translated', counts.translated, counts.translatedWords, counts.translatedChars, counts),
    ...bucketNumbers('fuzzy', counts.fuzzy, counts.fuzzyWords, counts.fuzzyChars, counts),
    failing: counts.failing,
    failing_percent: percent(counts.failing, counts.total),
    ...bucketNumbers('approved', counts.approved, counts.approvedWords, counts.approvedChars, counts),
    ...bucketNumbers('readonly', counts.readonly, counts.readonlyWords, counts.readonlyChars, counts),
    suggestions: counts.suggestions,
    comments: counts.comments,
  };
}
