import { Scalar, parseDocument } from 'yaml';
import { TextEdit } from './rewrite';

/** How strings are written into YAML so that every reader, YAML 1.1 (Ruby's Psych, PyYAML) included, reads them back. */

/** A string node that reads back as the same string: quoted when written plain it would not (`yes`, `1.0`, `null`). */
export function stringNode(value: string): Scalar<string> {
  const node = new Scalar(value);
  if (value === '' || value.includes('\n') || !readsBackAs(value)) node.type = 'QUOTE_DOUBLE';
  return node;
}

/** Replacement text for a string scalar, in its original quoting style when that can hold the new value. */
export function replaceScalar(scalar: Scalar, value: string): TextEdit {
  const [start, end] = scalar.range!;
  return { start, end, text: renderScalar(scalar.type, value) };
}

export function renderScalar(type: Scalar.Type | undefined, value: string): string {
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
