import { Scalar, parseDocument } from 'yaml';
import { TextEdit } from './rewrite';

/**
 * How scalars become strings to translate and go back into YAML, so that every reader, YAML 1.1 (Ruby's Psych,
 * PyYAML) included, reads back what was meant.
 *
 * Booleans and integers are strings to translate too (Rails' `precision: 2`, `strip_insignificant_zeros: false`):
 * translate-toolkit reads them as `str()` of their value (`True`, `False`, `2`), and so does Weblate. It writes every
 * one back as a quoted string on the next save (`precision: '2'`, a truthy `'False'`), which breaks the Rails
 * number helpers; here they keep their type: an untouched value is not rewritten at all, and an edited one stays a
 * boolean or an integer when the new text reads as one (`False`/`true`, `3`), in the file's spelling of booleans.
 * Only text that is no such value (`three`) turns it into a string. Null is no string (translate-toolkit skips it);
 * floats, which translate-toolkit cannot read at all (the whole file fails in Weblate), are left out and kept as they are.
 */

/** Parse options every reader of YAML units uses: integers as BigInt, so they are told apart from floats. */
export const SCALAR_OPTIONS = { intAsBigInt: true } as const;

/** The text of a scalar as Weblate reads it, or undefined when the scalar is no string to translate. */
export function scalarText(scalar: Scalar): string | undefined {
  const { value } = scalar;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'bigint') return value.toString();
  return undefined;
}

/** The value an edited text stands for where `like` stood: its boolean or integer when it reads as one, else the text. */
function typedValue(like: Scalar | undefined, text: string): boolean | bigint | string {
  if (typeof like?.value === 'boolean' && /^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (typeof like?.value === 'bigint' && /^[-+]?\d+$/.test(text)) return BigInt(text);
  return text;
}

/** A node for the text written where `like` stood (the Document route): typed as `like` was when it can be, else a string. */
export function valueNode(like: Scalar | undefined, text: string): Scalar {
  const value = typedValue(like, text);
  return typeof value === 'string' ? stringNode(value) : new Scalar(value);
}

/** A string node that reads back as the same string: quoted when written plain it would not (`yes`, `1.0`, `null`). */
export function stringNode(value: string): Scalar<string> {
  const node = new Scalar(value);
  if (value === '' || value.includes('\n') || !readsBackAs(value)) node.type = 'QUOTE_DOUBLE';
  return node;
}

/** Replacement text for a scalar: typed as it was when the text allows, else in its quoting style if that holds the text. */
export function replaceScalar(scalar: Scalar, text: string): TextEdit {
  const [start, end] = scalar.range!;
  return { start, end, text: renderValue(scalar, text) };
}

/** The text written for `text` where `like` stood, or for a new key whose template value is `like`. */
export function renderValue(like: Scalar | undefined, text: string): string {
  const value = typedValue(like, text);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return spelledLike(like?.source ?? '', String(value));
  return renderScalar(like?.type ?? 'PLAIN', value);
}

/** `true`/`false` spelled as the file spelled the boolean it replaces (`False`, `FALSE`, `false`). */
function spelledLike(source: string, word: string): string {
  if (source.length > 1 && source === source.toUpperCase()) return word.toUpperCase();
  return /^[A-Z]/.test(source) ? word[0].toUpperCase() + word.slice(1) : word;
}

function renderScalar(type: Scalar.Type | undefined, value: string): string {
  if (type === 'QUOTE_SINGLE' && !value.includes('\n')) return `'${value.replace(/'/g, "''")}'`;
  if (type === 'PLAIN' && value !== '' && !value.includes('\n') && readsBackAs(value)) return value;
  // Double quotes take any string; YAML reads JSON string escapes. Block scalars are written this way too.
  return JSON.stringify(value);
}

/** A mapping key as written in a block map: plain when that reads back as the same string key. */
export function renderKey(key: string): string {
  return /^[\w-][\w.-]*$/u.test(key) && readsBackAs(key) ? key : JSON.stringify(key);
}

/**
 * Whether the text, written plain after a key, reads back as exactly that string (no comment, no number, no
 * map…) by YAML 1.2 readers and by YAML 1.1 ones, which read `yes`, `on`, `no` as booleans.
 */
function readsBackAs(value: string): boolean {
  return (['1.2', '1.1'] as const).every((version) => {
    const probe = parseDocument(`k: ${value}`, { version });
    return probe.errors.length === 0 && probe.get('k') === value;
  });
}
