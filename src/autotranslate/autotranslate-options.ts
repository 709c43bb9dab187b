/** Where automatic translation takes translations from: other components of the project, or machine translation. */
export const AUTO_SOURCES = ['others', 'mt'] as const;
export type AutoSource = (typeof AUTO_SOURCES)[number];

/** The strings automatic translation fills when neither `q` nor `filter_type` says: the unfinished ones. */
const DEFAULT_QUERY = 'state:<translated';

/**
 * Weblate's translation filters (weblate/trans/filter.py) as the searches they stand for: the `filter_type` older
 * clients (wlc, the automatic translation add-on) send instead of `q`. `variants` and `screenshots` are left out:
 * the unit search has no `has:variant` or `has:screenshot` yet.
 */
export const FILTER_QUERIES: Readonly<Record<string, string>> = {
  all: '',
  readonly: 'state:read-only',
  nottranslated: 'state:empty',
  todo: 'state:<translated',
  translated: 'state:>=translated',
  fuzzy: 'state:needs-editing',
  suggestions: 'has:suggestion',
  labels: 'has:label',
  context: 'has:context',
  comments: 'has:comment',
  allchecks: 'has:check',
  approved: 'state:approved',
  unlabeled: 'NOT has:label',
  pluralized: 'has:plural',
};

/** The search selecting the strings: `q` when sent (an empty one selects every string), else the `filter_type` preset. */
export function selectionQuery(fields: { q?: string; filter_type?: string }): string {
  if (fields.q !== undefined) return fields.q;
  return fields.filter_type === undefined ? DEFAULT_QUERY : FILTER_QUERIES[fields.filter_type];
}

/** The task's answer, in Weblate's words. */
export function completionDetails(updated: number): string {
  if (updated === 0) return 'Automatic translation completed, no strings were updated.';
  return `Automatic translation completed, ${updated} ${updated === 1 ? 'string was' : 'strings were'} updated.`;
}
