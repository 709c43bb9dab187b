import { CONTENT_ACTIONS } from '../changes/change-actions';

/**
 * The stored aggregate columns of `translations` that every statistics object sums, by their property names
 * (those of the Translation entity, so a translation row reads as counts directly).
 */
const SUMMED_COLUMNS = {
  total: 'total',
  totalWords: 'total_words',
  totalChars: 'total_chars',
  translated: 'translated',
  translatedWords: 'translated_words',
  translatedChars: 'translated_chars',
  fuzzy: 'fuzzy',
  fuzzyWords: 'fuzzy_words',
  fuzzyChars: 'fuzzy_chars',
  approved: 'approved',
  approvedWords: 'approved_words',
  approvedChars: 'approved_chars',
  readonly: 'readonly',
  readonlyWords: 'readonly_words',
  readonlyChars: 'readonly_chars',
  failing: 'failing',
  suggestions: 'suggestions',
  comments: 'comments',
} as const;

type SummedCounts = Record<keyof typeof SUMMED_COLUMNS, number>;

/** The raw aggregates a statistics object is built from; percentages are derived from them when serializing. */
export interface StatisticsCounts extends SummedCounts {
  recentChanges: number;
  lastChange: Date | null;
}

const SUMMED_KEYS = Object.keys(SUMMED_COLUMNS) as (keyof typeof SUMMED_COLUMNS)[];

export const NO_STRINGS: StatisticsCounts = {
  ...(Object.fromEntries(SUMMED_KEYS.map((key) => [key, 0])) as SummedCounts),
  recentChanges: 0,
  lastChange: null,
};

/** The summed counts of one row holding them under their property names (a Translation entity). */
export function pickCounts(row: SummedCounts): SummedCounts {
  return Object.fromEntries(SUMMED_KEYS.map((key) => [key, row[key]])) as SummedCounts;
}

/** Where the 30 days of `recent_changes` begin, and the UTC day that moment falls on. */
const RECENT_SINCE = "now() - interval '30 days'";
const RECENT_SINCE_DAY = `((${RECENT_SINCE}) AT TIME ZONE 'UTC')::date`;

/**
 * `recent_changes` (content changes of the last 30 days) of the translations whose id satisfies `ids` (an SQL
 * condition on an id column, such as `= t.id` or `= ANY($1::int[])`): the counts per translation and day that the
 * changes' triggers keep (migration CountRecentChanges), for the whole days after the one 30 days ago, plus the
 * changes of that day's remaining part, read from the log. A count of a month of the log is avoided either way,
 * and the result is exactly that count.
 */
export function recentContentChanges(ids: string): string {
  return `((SELECT coalesce(sum(d.changes), 0) FROM translation_change_days d WHERE d.translation_id ${ids} AND d.day > ${RECENT_SINCE_DAY})
    + (SELECT count(*) FROM changes ch WHERE ch.translation_id ${ids} AND ch.action IN (${CONTENT_ACTIONS.join(', ')})
        AND ch.timestamp > ${RECENT_SINCE} AND ch.timestamp < (${RECENT_SINCE_DAY} + 1)::timestamp AT TIME ZONE 'UTC'))`;
}

/**
 * Select items summing the stored aggregates of the `translations` rows aliased `t`, named as
 * countsFromRow reads them. Sums of integers are bigint (strings from the driver), hence the Number().
 */
export const TRANSLATION_SUMS = `
  ${Object.values(SUMMED_COLUMNS).map((column) => `coalesce(sum(t.${column}), 0) AS ${column}`).join(', ')},
  max(t.last_change) AS last_change,
  ${recentContentChanges('= ANY(array_agg(t.id))')} AS recent_changes`;

export function countsFromRow(row: Record<string, unknown>): StatisticsCounts {
  const lastChange = row.last_change;
  return {
    ...(Object.fromEntries(SUMMED_KEYS.map((key) => [key, Number(row[SUMMED_COLUMNS[key]] ?? 0)])) as SummedCounts),
    recentChanges: Number(row.recent_changes ?? 0),
    lastChange: lastChange == null ? null : new Date(lastChange as string | Date),
  };
}
