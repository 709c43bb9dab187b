import { ValidationError } from '../errors/domain-error';

/**
 * JSON deeper than this is refused before it is parsed. Weblate's own payloads nest three levels at most; a
 * limit keeps deeply nested input from reaching recursive code (validation, serialisation) further on.
 */
export const JSON_MAX_DEPTH = 32;

/**
 * The largest request body (JSON, form or multipart form without files) read from a caller. Anonymous callers may
 * not write anything (hooks, which read their own body, aside): the little they may send (a repository operation the
 * Guests group allows) fits in 64 KB, so nobody without a key can make the server buffer a body.
 */
export const BODY_MAX_BYTES = { anonymous: 64 * 1024, signedIn: 10 * 1024 * 1024 } as const;

const NULL_CHARACTERS = 'Null characters are not allowed.';

/**
 * The deepest nesting of arrays and objects in a JSON text, counted in one pass without recursion (brackets
 * inside strings do not count); stops counting once `limit` is passed.
 */
export function jsonNestingDepth(text: Buffer, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const byte = text[i];
    if (inString) {
      if (byte === 0x5c) i++; // backslash: skip the escaped character
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x5b || byte === 0x7b) {
      deepest = Math.max(deepest, ++depth);
      if (deepest > limit) return deepest;
    } else if (byte === 0x5d || byte === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

/**
 * A request body must be a dictionary, as in Weblate's REST framework; a JSON `null`, list, string or number
 * is refused with its message. Strings holding a NUL are refused too: PostgreSQL cannot store them in text.
 */
export function assertDictionaryBody(body: unknown): asserts body is Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw ValidationError.field('non_field_errors', `Invalid data. Expected a dictionary, but got ${pythonTypeName(body)}.`);
  }
  const field = fieldWithNullCharacter(body);
  if (field !== null) throw ValidationError.field(field, NULL_CHARACTERS, 'null_characters_not_allowed');
}

/**
 * A NUL in the path or the query string (raw or percent-encoded) is refused before anything looks it up; in
 * the query, the error names the parameter that holds it.
 */
export function assertNoNullCharacterInUrl(url: string): void {
  if (!url.includes('\0') && !/%00/i.test(url)) return;
  const query = url.indexOf('?');
  const parameters = query < 0 ? [] : [...new URLSearchParams(url.slice(query + 1))];
  const holder = parameters.find(([key, value]) => key.includes('\0') || value.includes('\0'));
  throw ValidationError.field(holder ? holder[0] : null, NULL_CHARACTERS, 'null_characters_not_allowed');
}

/** The path of the first string (or key) holding a NUL, e.g. `source.0`, or null. Depth is bounded by the parser. */
function fieldWithNullCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\0') ? path : null;
  if (typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\0')) return itemPath;
    const found = fieldWithNullCharacter(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

/** The type names Weblate's (Python) message uses, so clients matching on it see the same text. */
function pythonTypeName(value: unknown): string {
  if (value === null || value === undefined) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  if (typeof value === 'string') return 'str';
  if (typeof value === 'boolean') return 'bool';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float';
  return typeof value;
}
