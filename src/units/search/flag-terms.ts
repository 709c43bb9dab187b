import { TermNode } from './query-ast';
import { QuerySyntaxError } from './query-syntax-error';
import { normalizeWord } from './query-values';
import { hasComment, hasLabel, hasSuggestion, onSourceUnit } from './unit-sql';

/**
 * The vocabularies of `is:` and `has:`. Values are fixed words, never user data, so the SQL carries no parameters.
 * Keys are normalized (lower case, `_` as `-`), so `needs_editing` and `Needs-Editing` both work. Like every
 * table the query picks from, a Map: a typed word such as `constructor` must never reach Object's prototype.
 */
const IS_VALUES: ReadonlyMap<string, string> = new Map(Object.entries({
  'read-only': 'u.state = 100',
  readonly: 'u.state = 100',
  approved: 'u.state = 30',
  // Needs editing, needs rewriting and needs checking are the three "fuzzy" states.
  fuzzy: 'u.state BETWEEN 10 AND 12',
  'needs-editing': 'u.state BETWEEN 10 AND 12',
  translated: 'u.state >= 20',
  untranslated: 'u.state < 20',
  pending: 'u.pending',
  'automatically-translated': 'u.automatically_translated',
}));

const FAILING_CHECK = 'cardinality(u.failing_checks) > 0';
const DISMISSED_CHECK = 'cardinality(u.dismissed_checks) > 0';

const HAS_VALUES: ReadonlyMap<string, string> = new Map(Object.entries({
  plural: 'cardinality(u.source) > 1',
  suggestion: hasSuggestion(),
  explanation: onSourceUnit((su) => `${su}.explanation <> ''`),
  location: "u.location <> ''",
  note: "u.note <> ''",
  comment: hasComment(false),
  'resolved-comment': hasComment(true),
  check: FAILING_CHECK,
  'failing-check': FAILING_CHECK,
  'dismissed-check': DISMISSED_CHECK,
  'ignored-check': DISMISSED_CHECK,
  translation: 'u.state >= 20',
  label: hasLabel(),
  context: "u.context <> ''",
  flags: onSourceUnit((su) => `${su}.extra_flags <> ''`),
}));

export function compileFlagTerm(field: 'is' | 'has', term: TermNode): string {
  if (term.value.kind !== 'text' || (term.operator !== ':' && term.operator !== ':=')) {
    throw new QuerySyntaxError(`"${field}:" expects one of its fixed values`, term.position);
  }
  const sql = (field === 'is' ? IS_VALUES : HAS_VALUES).get(normalizeWord(term.value.text));
  if (sql === undefined) throw new QuerySyntaxError(`Unknown "${field}:" value "${term.value.text}"`, term.valuePosition);
  return sql;
}
