import { CONTENT_ACTIONS } from '../../changes/change-actions';

/**
 * SQL snippets shared by several search terms. They assume the caller's aliases: `u` units, `t` translations,
 * `c` components, `p` projects, `l` languages. Every snippet is a non-null boolean, so NOT inverts it exactly.
 */

/** Turns a column or element expression into a condition on it (`ILIKE $1`, `= $1`, `~ $1` …). */
export type Compare = (expression: string) => string;

/** Explanations, extra flags and labels belong to the string, so they are stored on its source unit. */
const SOURCE_UNIT_ID = 'COALESCE(u.source_unit_id, u.id)';

/** Labels count on the source unit and, like Weblate's automatic-translation label, on the unit itself. */
const LABELLED_UNITS = `ul.unit_id IN (u.id, ${SOURCE_UNIT_ID})`;

/**
 * source and target are arrays (one element per plural form); a term matches when any form does. `anyForm`, when
 * the term has one, is a condition on the forms joined into one text that holds whenever some form matches: it is
 * stated on `unit_search_text(column)`, the expression of the trigram indexes on units.source and units.target
 * (migrations/1763780120000-index-unit-search.ts), so the index narrows the rows and the form-by-form check decides,
 * for strings with plurals only: the joined text of a single form is that form.
 */
export function anyElement(arrayColumn: string, compare: Compare, anyForm?: Compare): string {
  const exists = `EXISTS (SELECT 1 FROM unnest(${arrayColumn}) AS element(text) WHERE ${compare('element.text')})`;
  return anyForm ? `(${anyForm(`unit_search_text(${arrayColumn})`)} AND (cardinality(${arrayColumn}) = 1 OR ${exists}))` : exists;
}

export function onSourceUnit(condition: (sourceUnit: string) => string): string {
  return `EXISTS (SELECT 1 FROM units su WHERE su.id = ${SOURCE_UNIT_ID} AND ${condition('su')})`;
}

export function hasLabel(compareName?: Compare): string {
  const join = compareName ? ` JOIN labels lb ON lb.id = ul.label_id` : '';
  const condition = compareName ? ` AND ${compareName('lb.name')}` : '';
  return `EXISTS (SELECT 1 FROM unit_labels ul${join} WHERE ${LABELLED_UNITS}${condition})`;
}

export const LABELS_COUNT = `(SELECT count(DISTINCT ul.label_id) FROM unit_labels ul WHERE ${LABELLED_UNITS})`;

export function hasSuggestion(compareTarget?: Compare): string {
  const from = compareTarget ? 'suggestions sg, unnest(sg.target) AS element(text)' : 'suggestions sg';
  const condition = compareTarget ? ` AND ${compareTarget('element.text')}` : '';
  return `EXISTS (SELECT 1 FROM ${from} WHERE sg.unit_id = u.id${condition})`;
}

/** Weblate's `comment` terms see open comments only; `resolved_comment` the resolved ones. */
export function hasComment(resolved: boolean, compareText?: Compare): string {
  const condition = compareText ? ` AND ${compareText('cm.comment')}` : '';
  return `EXISTS (SELECT 1 FROM comments cm WHERE cm.unit_id = u.id AND ${resolved ? '' : 'NOT '}cm.resolved${condition})`;
}

/**
 * Changes of the string's content (Weblate's `Change.ACTIONS_CONTENT`): `changed_by` ignores suggestions, comments
 * and other events that leave the string as it was. Fixed codes, not user data, so they are written inline.
 */
const CONTENT_CHANGE = `x.action IN (${CONTENT_ACTIONS.join(', ')})`;

/** A unit whose related rows (suggestions, comments, content changes) were made by a matching user. */
export function byUser(table: 'suggestions' | 'comments' | 'changes', compareUsername: Compare): string {
  // A change records both who did it (user) and who wrote the text (author); Weblate's changed_by means the author.
  const userId = table === 'changes' ? 'COALESCE(x.author_id, x.user_id)' : 'x.user_id';
  const action = table === 'changes' ? ` AND ${CONTENT_CHANGE}` : '';
  return (
    `EXISTS (SELECT 1 FROM ${table} x JOIN users us ON us.id = ${userId} ` +
    `WHERE x.unit_id = u.id${action} AND ${compareUsername('us.username')})`
  );
}
