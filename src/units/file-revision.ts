import { createHash } from 'node:crypto';
import { FileRevision } from '../formats';

/**
 * What a translation's `revision` records: the hash of its file and, for monolingual translations, of the
 * template it was read against, so either changing makes the next scan read the file again.
 */
export function fileRevision(data: Buffer, template?: Buffer): string {
  const hash = createHash('sha256').update(data);
  if (template) hash.update(template);
  return hash.digest('hex');
}

/** What files that name their generator (PO `X-Generator`) say wrote them. */
const GENERATOR = 'Weblate-compatible server';

/** The revision a file written now records in its header (PO `PO-Revision-Date`, `Last-Translator`, `X-Generator`). */
export function writtenRevision(date: Date, translator?: string): FileRevision {
  return { date, translator, generator: GENERATOR };
}
