import { QuerySyntaxError } from './query-syntax-error';
import { regexSize } from './regex-size';

// The integer and smallint columns compared here; a larger number would make PostgreSQL fail instead of us.
const MAX_INTEGER = 2 ** 31 - 1;

/** Weblate's state names (weblate/utils/state.py) plus the spellings its search documentation uses. */
const STATE_NAMES: ReadonlyMap<string, number> = new Map(Object.entries({
  empty: 0,
  untranslated: 0,
  'needs-editing': 10,
  fuzzy: 10,
  'needs-rewriting': 11,
  'needs-checking': 12,
  translated: 20,
  approved: 30,
  'read-only': 100,
  readonly: 100,
}));

const TRUE_WORDS = new Set(['yes', 'true', 'on', '1']);
const FALSE_WORDS = new Set(['no', 'false', 'off', '0']);

/** Lower case with `_` read as `-`, so `needs_editing` and `Needs-Editing` are the same word. */
export function normalizeWord(text: string): string {
  return text.trim().toLowerCase().replace(/_/g, '-');
}

export function parseInteger(text: string, position: number): number {
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!/^-?\d+$/.test(trimmed) || Math.abs(value) > MAX_INTEGER) {
    throw new QuerySyntaxError(`Invalid number "${text}"`, position);
  }
  return value;
}

export function parseState(text: string, position: number): number {
  if (/^\s*\d+\s*$/.test(text)) return parseInteger(text, position);
  const state = STATE_NAMES.get(normalizeWord(text));
  if (state === undefined) throw new QuerySyntaxError(`Unknown state "${text}"`, position);
  return state;
}

export function parseBoolean(text: string, position: number): boolean {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  throw new QuerySyntaxError(`Invalid boolean "${text}"`, position);
}

/**
 * The most elements a pattern may expand to (see regexSize): `^.{255}$` and `(\w+\s){1,10}` pass, `(.*){255}`
 * (510) does not. PostgreSQL's time per string grows about quadratically with the size; real searches stay far
 * below this.
 */
export const MAX_REGEX_SIZE = 256;

/**
 * Checks a pattern before PostgreSQL sees it. JavaScript's syntax is close to PostgreSQL's advanced regular
 * expressions; the differences this catches are a leading embedded-options group such as `(?i)`, which PostgreSQL
 * accepts and JavaScript does not, and named groups, which JavaScript accepts and PostgreSQL does not. A pattern
 * whose compiled form would be too large to run in reasonable time is refused too.
 */
export function validateRegex(pattern: string, position: number): void {
  const body = pattern.replace(/^\(\?[bceimnpqstwx]+\)/, '');
  if (/\(\?P?<[A-Za-z]/.test(body)) {
    throw new QuerySyntaxError('Invalid regular expression: named groups are not supported', position);
  }
  try {
    new RegExp(body);
  } catch (error) {
    const reason = (error as Error).message.replace(/^Invalid regular expression: /, '');
    throw new QuerySyntaxError(`Invalid regular expression: ${reason}`, position);
  }
  const size = regexSize(body);
  if (size > MAX_REGEX_SIZE) {
    throw new QuerySyntaxError(
      `Regular expression is too complex: it expands to ${size} elements (at most ${MAX_REGEX_SIZE}; a counted repetition such as {255} copies what it repeats)`,
      position,
    );
  }
}
