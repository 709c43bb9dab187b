import { createHash } from 'node:crypto';

/**
 * What a translation's `revision` records: the hash of its file and, for monolingual translations, of the
 * template it was read against, so either changing makes the next scan read the file again.
 */
export function fileRevision(data: Buffer, template?: Buffer): string {
  const hash = createHash('sha256').update(data);
  if (template) hash.update(template);
  return hash.digest('hex');
}
