import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CONTENT_ACTIONS } from '../changes/change-actions';

/** The raw aggregates a statistics object is built from; percentages are derived from them when serializing. */
export interface StatisticsCounts {
  total: number;
  totalWords: number;
  totalChars: number;
  translated: number;
  translatedWords: number;
  translatedChars: number;
  fuzzy: number;
  failing: number;
  approved: number;
  readonly: number;
  suggestions: number;
  comments: number;
  recentChanges: number;
  lastChange: Date | null;
}

export const NO_STRINGS: StatisticsCounts = {
  total: 0,
  totalWords: 0,
  totalChars: 0,
  translated: 0,
  translatedWords: 0,
  translatedChars: 0,
  fuzzy: 0,
  failing: 0,
  approved: 0,
  readonly: 0,
  suggestions: 0,
  comments: 0,
  recentChanges: 0,
  lastChange: null,
};

/** `recent_changes`: content changes (edits, uploads, approvals…) of the last 30 days, over `changes` aliased `ch`. */
export const RECENT_CONTENT_CHANGES = `ch.action IN (${CONTENT_ACTIONS.join(', ')}) AND ch.timestamp > now() - interval '30 days'`;

/**
 * Select items summing the stored aggregates of the `translations` rows aliased `t`, named as
 * countsFromRow reads them. Sums of integers are bigint (strings from the driver), hence the Number().
 */
export const TRANSLATION_SUMS = `
  coalesce(sum(t.total), 0) AS total, coalesce(sum(t.total_words), 0) AS total_words, coalesce(sum(t.total_chars), 0) AS total_chars,
  coalesce(sum(t.translated), 0) AS translated, coalesce(sum(t.translated_words), 0) AS translated_words,
  coalesce(sum(t.translated_chars), 0) AS translated_chars, coalesce(sum(t.fuzzy), 0) AS fuzzy, coalesce(sum(t.failing), 0) AS failing,
  coalesce(sum(t.approved), 0) AS approved, coalesce(sum(t.readonly), 0) AS readonly,
  coalesce(sum(t.suggestions), 0) AS suggestions, coalesce(sum(t.comments), 0) AS comments, max(t.last_change) AS last_change,
  (SELECT count(*) FROM changes ch WHERE ch.translation_id = ANY(array_agg(t.id)) AND ${RECENT_CONTENT_CHANGES}) AS recent_changes`;

export function countsFromRow(row: Record<string, unknown>): StatisticsCounts {
  const n = (key: string) => Number(row[key] ?? 0);
  const lastChange = row.last_change;
  return {
    total: n('total'),
    totalWords: n('total_words'),
    totalChars: n('total_chars'),
    translated: n('translated'),
    translatedWords: n('translated_words'),
    translatedChars: n('translated_chars'),
    fuzzy: n('fuzzy'),
    failing: n('failing'),
    approved: n('approved'),
    readonly: n('readonly'),
    suggestions: n('suggestions'),
    comments: n('comments'),
    recentChanges: n('recent_changes'),
    lastChange: lastChange == null ? null : new Date(lastChange as string | Date),
  };
}

/** Where the per-language aggregates come from; an injection token, so another source can stand in. */
export abstract class LanguageCountsSource {
  abstract forLanguage(languageId: number): Promise<StatisticsCounts>;
}

/**
 * Sums the stored aggregates of the language's translations. Source translations are left out: their
 * strings are the originals, not translations into the language.
 */
@Injectable()
export class TranslationCountsSource extends LanguageCountsSource {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async forLanguage(languageId: number): Promise<StatisticsCounts> {
    const [row]: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT ${TRANSLATION_SUMS} FROM translations t WHERE t.language_id = $1 AND NOT t.is_source`,
      [languageId],
    );
    return countsFromRow(row);
  }
}
