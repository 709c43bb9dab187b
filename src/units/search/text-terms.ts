import { TermNode } from './query-ast';
import { QuerySyntaxError } from './query-syntax-error';
import { validateRegex } from './query-values';
import { containsPattern, SqlParams } from './sql-params';
import { anyElement, byUser, Compare, hasComment, hasLabel, hasSuggestion, onSourceUnit } from './unit-sql';

/**
 * How a text term compares: `each` one text, and `anyForm`, when the term allows it, the plural forms of a unit
 * joined into one text (see anyElement), true whenever `each` holds for some form. A substring of one form is a
 * substring of the joined forms, so `:` has one; so does a regular expression that matches wherever the text is
 * found (see CONTEXT_DEPENDENT_REGEX). Equality has none: the joined forms equal no single form.
 */
interface TextMatch {
  each: Compare;
  anyForm?: Compare;
}

const TEXT_FIELDS: ReadonlyMap<string, (match: TextMatch) => string> = new Map(Object.entries({
  source: (match: TextMatch) => anyElement('u.source', match.each, match.anyForm),
  target: (match: TextMatch) => anyElement('u.target', match.each, match.anyForm),
  context: ({ each }: TextMatch) => each('u.context'),
  note: ({ each }: TextMatch) => each('u.note'),
  location: ({ each }: TextMatch) => each('u.location'),
  explanation: ({ each }: TextMatch) => onSourceUnit((su) => each(`${su}.explanation`)),
  suggestion: ({ each }: TextMatch) => hasSuggestion(each),
  comment: ({ each }: TextMatch) => hasComment(false, each),
  resolved_comment: ({ each }: TextMatch) => hasComment(true, each),
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
function textField<T>(fields: ReadonlyMap<string, (compare: T) => string>, field: string): (compare: T) => string {
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
  const compareName = term.operator === ':' && term.value.kind === 'text' ? textCompare(term, params).each : compare;
  return `(${compare('c.slug')} OR ${compareName('c.name')})`;
}

/**
 * `:` is a case-insensitive substring match and `:=` an exact one. Comparison operators mean nothing for text, so
 * like Weblate we read them as part of the text: `source:<b>` looks for "<b>".
 */
function textCompare(term: TermNode, params: SqlParams): TextMatch {
  const value = term.value;
  if (value.kind === 'regex') {
    const each = regexCompare(term, value.pattern, params);
    return { each, anyForm: CONTEXT_DEPENDENT_REGEX.test(value.pattern) ? undefined : each };
  }
  if (value.kind !== 'text') throw new QuerySyntaxError('Ranges are not supported for text', term.valuePosition);
  if (term.operator === ':=') {
    const placeholder = params.add(value.text, 'text');
    return { each: (expression) => `${expression} = ${placeholder}` };
  }
  const text = term.operator === ':' ? value.text : term.operator.slice(1) + value.text;
  const placeholder = params.add(containsPattern(text), 'text');
  const contains = (expression: string) => `${expression} ILIKE ${placeholder}`;
  return { each: contains, anyForm: contains };
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
 * What lets a regular expression's match depend on the text around it, bar word boundaries (the joined forms are
 * separated by a newline, which is no word character): anchors and lookarounds. Without them, a match in one form
 * is a match in the joined forms. Any `^` or `$` counts, even escaped or a bracket's negation, to stay on the safe
 * side: the search is then only slower, never different.
 */
const CONTEXT_DEPENDENT_REGEX = /[$^]|\\[AZ]|\(\?[=!<]/;

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
