import { StatisticsCounts } from './statistics-counts';

/** The numeric part of every statistics object (languages, projects, components and translations). */
export interface StatisticsNumbers {
  total: number;
  total_words: number;
  total_chars: number;
  last_change: string | null;
  recent_changes: number;
  translated: number;
  translated_percent: number;
  translated_words: number;
  translated_words_percent: number;
  translated_chars: number;
  translated_chars_percent: number;
  fuzzy: number;
  fuzzy_percent: number;
  failing: number;
  failing_percent: number;
  approved: number;
  approved_percent: number;
  readonly: number;
  readonly_percent: number;
  suggestions: number;
  comments: number;
}

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

export function serializeStatistics(counts: StatisticsCounts): StatisticsNumbers {
  return {
    total: counts.total,
    total_words: counts.totalWords,
    total_chars: counts.totalChars,
    last_change: counts.lastChange?.toISOString() ?? null,
    recent_changes: counts.recentChanges,
    translated: counts.translated,
    translated_percent: percent(counts.translated, counts.total),
    translated_words: counts.translatedWords,
    translated_words_percent: percent(counts.translatedWords, counts.totalWords),
    translated_chars: counts.translatedChars,
    translated_chars_percent: percent(counts.translatedChars, counts.totalChars),
    fuzzy: counts.fuzzy,
    fuzzy_percent: percent(counts.fuzzy, counts.total),
    failing: counts.failing,
    failing_percent: percent(counts.failing, counts.total),
    approved: counts.approved,
    approved_percent: percent(counts.approved, counts.total),
    readonly: counts.readonly,
    readonly_percent: percent(counts.readonly, counts.total),
    suggestions: counts.suggestions,
    comments: counts.comments,
  };
}
