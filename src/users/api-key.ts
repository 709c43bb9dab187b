import { createHash, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export type ApiKeyKind = 'wlu_' | 'wlp_';

/** A new key: the prefix (`wlu_` personal, `wlp_` project) and 36 random letters and digits, as Weblate makes. */
export function generateApiKey(kind: ApiKeyKind): string {
  let key = kind;
  for (let i = 0; i < 36; i++) key += ALPHABET[randomInt(ALPHABET.length)];
  return key;
}

/**
 * Keys are 214 bits of randomness, so a plain SHA-256 is enough to store them safely (no salt or slow hash
 * needed), and it lets a request find its key with one indexed lookup.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}
