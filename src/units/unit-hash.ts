import { createHash } from 'node:crypto';
import { PLURAL_SEPARATOR } from '../formats';

/**
 * A stable 52-bit hash, as a decimal string for the bigint columns. 52 bits keep the value exact in JSON numbers
 * of every client (JavaScript included), which a full 64-bit hash like Weblate's would not.
 */
export function hash52(text: string): string {
  return BigInt(`0x${createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 13)}`).toString();
}

/** Identity of a string's source text, shared by a source unit and all its translations (Weblate `content_hash`). */
export function contentHash(source: readonly string[], context: string): string {
  return hash52(source.join(PLURAL_SEPARATOR) + context);
}
