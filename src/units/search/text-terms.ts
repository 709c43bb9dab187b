import { TermNode } from './query-ast';
import { QuerySyntaxError } from './query-syntax-error';
import { validateRegex } from './query-values';
import { containsPattern, SqlParams } from './sql-params';
import { anyElement, byUser, Compare, hasComment, hasLabel, hasSuggestion, onSourceUnit } from './unit-sql';

const TEXT_FIELDS: ReadonlyMap<string, (compare: Compare) => string> = new Map(Object.entries({
  source: (compare) => anyElement('u.source', compare),
  target: (compare) => anyElement('u.target', compare),
  context: (compare) => compare('u.context'),
  note: (compare) => compare('u.note'),
  location: (compare) => compare('u.location'),
  explanation: (compare) => onSourceUnit((su) => compare(`${su}.explanation`)),
  suggestion: (compare) => hasSuggestion(compare),
  comment: (compare) => hasComment(false, compare),
  resolved_comment: (compare) => hasComment(true, compare),
}));

const EXACT_FIELDS: ReadonlyMap<string, (compare: Compare) => string> = new Map(Object.entries({
  language: (compare) => compare('l.code'),
  project: (compare) => compare('p.slug'),
  suggestion_author: (compare) => byUser('suggestions', compare),
  comment_author: (compare) => byUser('comments', compare),
  changed_by: (compare) => byUser('changes', compare),
  check: (compare) => anyElement('u.failing_checks', compare),
  dismissed_check: (compare) => anyElement('u.dismissed_checks', compare),
  label: (compare) => hasLabel(compare),
}));

/** The compiler of a canonical field name (the parser only lets those through). */
function textField(fields: ReadonlyMap<string, (compare: Compare) => string>, field: string): (compare: Compare) => string {
  const compile = fields.get(field);
  if (!compile) throw new Error(`not a canonical text field: ${field}`);
  return compile;
}

/** Free text searches the strings and their context, as in Weblate. */
export function compileFreeText(term: TermNode, params: SqlParams): string {
  const compare = textCompare(term, params);
  return `(${['source', 'target', 'context'].map((field) => textField(TEXT_FIELDS, field)(compare)).join(' OR ')})`;
}

export function compileTextTerm(field: string, term: TermNode, params: SqlParams): string {
  return textField(TEXT_FIELDS, field)(textCompare(term, params));
}

export function compileExactTerm(field: string, term: TermNode, params: SqlParams): string {
  const compare = exactCompare(field, term, params);
  if (field !== 'component') return textField(EXACT_FIELDS, field)(compare);
  // Weblate matches the slug exactly or any part of the display name, so `component:android` finds "Android app".
  const compareName = term.operator === ':' && term.value.kind === 'text' ? textCompare(term, params) : compare;
  return `(${compare('c.slug')} OR ${compareName('c.name')})`;
}

/**
 * `:` is a case-insensitive substring match and `:=` an exact one. Comparison operators mean nothing for text, so
 * like Weblate we read them as part of the text: `source:<b>` looks for "<b>".
 */
function textCompare(term: TermNode, params: SqlParams): Compare {
  const value = term.value;
  if (value.kind === 'regex') return regexCompare(term, value.pattern, params);
  if (value.kind !== 'text') throw new QuerySyntaxError('Ranges are not supported for text', term.valuePosition);
  if (term.operator === ':=') {
    const placeholder = params.add(value.text, 'text');
    return (expression) => `${expression} = ${placeholder}`;
  }
  const text = term.operator === ':' ? value.text : term.operator.slice(1) + value.text;
  const placeholder = params.add(containsPattern(text), 'text');
  return (expression) => `${expression} ILIKE ${placeholder}`;
}

/** Names and codes: `:` ignores case, `:=` does not; a regular expression works as for text. */
function exactCompare(field: string, term: TermNode, params: SqlParams): Compare {
  const value = term.value;
  if (value.kind === 'regex') return regexCompare(term, value.pattern, params);
  if (value.kind !== 'text' || (term.operator !== ':' && term.operator !== ':=')) {
    throw new QuerySyntaxError(`Field "${field}" supports only ":" and ":="`, term.position);
  }
  const placeholder = params.add(value.text, 'text');
  if (term.operator === ':=') return (expression) => `${expression} = ${placeholder}`;
  return (expression) => `lower(${expression}) = lower(${placeholder})`;
}

/**
 * Regular expressions are case-sensitive, as Weblate's (`~` in PostgreSQL); a leading `(?i)` makes one
 * case-insensitive.
 */
function regexCompare(term: TermNode, pattern: string, params: SqlParams): Compare {
  if (term.operator !== ':' && term.operator !== ':=') {
    throw new QuerySyntaxError('Regular expressions need the ":" operator', term.position);
  }
  validateRegex(pattern, term.valuePosition);
  const placeholder = params.add(pattern, 'text');
  return (expression) => `${expression} ~ ${placeholder}`;
}
