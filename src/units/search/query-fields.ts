/**
 * How each searchable field compares its value:
 * - text: case-insensitive substring with `:`, exact with `:=`, regular expression with r"…";
 * - exact: a name or code, case-insensitive equality with `:`, case-sensitive with `:=`, or a regular expression;
 * - number / date: equality, comparisons and ranges;
 * - boolean: yes/no only;
 * - flag: `is:` and `has:`, whose values are a fixed vocabulary.
 */
export type FieldKind = 'text' | 'exact' | 'number' | 'date' | 'boolean' | 'flag';

const FIELD_KINDS: ReadonlyMap<string, FieldKind> = new Map(Object.entries({
  source: 'text',
  target: 'text',
  context: 'text',
  note: 'text',
  location: 'text',
  explanation: 'text',
  suggestion: 'text',
  comment: 'text',
  resolved_comment: 'text',
  language: 'exact',
  project: 'exact',
  component: 'exact',
  suggestion_author: 'exact',
  comment_author: 'exact',
  changed_by: 'exact',
  check: 'exact',
  dismissed_check: 'exact',
  label: 'exact',
  state: 'number',
  priority: 'number',
  id: 'number',
  position: 'number',
  labels_count: 'number',
  pending: 'boolean',
  added: 'date',
  changed: 'date',
  change_time: 'date',
  is: 'flag',
  has: 'flag',
}));

/** Other spellings Weblate accepts for the same field. */
const FIELD_ALIASES: ReadonlyMap<string, string> = new Map(Object.entries({
  key: 'context',
  last_changed: 'changed',
}));

/** The canonical name of a field as typed (any case), or undefined when the field does not exist. */
export function canonicalFieldName(typed: string): string | undefined {
  const lower = typed.toLowerCase();
  const name = FIELD_ALIASES.get(lower) ?? lower;
  return FIELD_KINDS.has(name) ? name : undefined;
}

export function fieldKind(field: string): FieldKind {
  const kind = FIELD_KINDS.get(field);
  if (!kind) throw new Error(`not a canonical field name: ${field}`);
  return kind;
}

export function acceptsRange(field: string): boolean {
  const kind = fieldKind(field);
  return kind === 'number' || kind === 'date';
}
