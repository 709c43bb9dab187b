import { PoEntry, lexPo } from './po-lexer';
import { entryLines, NewPoEntry } from './po-writer';

export interface MergeOptions {
  /** Keep the `#|` previous msgid of strings needing editing (msgmerge --previous). */
  previous: boolean;
  /** Leave out the `#:` source references (msgmerge --no-location). */
  noLocation: boolean;
}

/**
 * A PO file brought in line with its template as `msgmerge --no-fuzzy-matching` does: the template's messages in
 * its order, with its references, extracted comments and format flags; translations, translator comments and the
 * fuzzy flag from the PO file; new messages untranslated; messages the template dropped kept as obsolete (`#~`)
 * when translated, dropped otherwise. The PO header and its obsolete entries stay as they are.
 */
export function mergePo(po: Buffer, pot: Buffer, options: MergeOptions): Buffer {
  const translation = lexPo(po.toString('utf8'));
  const template = lexPo(pot.toString('utf8'));
  const lines = translation.text.split('\n');
  const header = translation.entries.find(isHeader);
  const nplurals = Number(/nplurals\s*=\s*(\d+)/.exec(header?.msgstr[0] ?? '')?.[1] ?? 2);
  const existing = new Map(translation.entries.filter((entry) => !isHeader(entry)).map((entry) => [keyOf(entry), entry]));

  const blocks: string[][] = header ? [lines.slice(header.firstLine, header.endLine).filter((line, index, all) => index < all.length - 1 || line !== '')] : [];
  for (const entry of template.entries) {
    if (isHeader(entry)) continue;
    const key = keyOf(entry);
    const old = existing.get(key);
    existing.delete(key);
    // A string that gained or lost its plural is a new message to translate.
    const kept = old && (old.msgidPlural === undefined) === (entry.msgidPlural === undefined) ? old : undefined;
    const fuzzy = kept?.flags.includes('fuzzy') ?? false;
    const merged: NewPoEntry = {
      notes: entry.extractedComments,
      references: options.noLocation ? [] : entry.references,
      flags: [...(fuzzy ? ['fuzzy'] : []), ...entry.flags.filter((flag) => flag !== 'fuzzy')],
      msgctxt: entry.msgctxt,
      msgid: entry.msgid ?? '',
      msgidPlural: entry.msgidPlural,
      previousMsgid: fuzzy && options.previous ? kept?.previous.msgid : undefined,
      msgstr: kept?.msgstr ?? (entry.msgidPlural === undefined ? [''] : Array.from({ length: nplurals }, () => '')),
    };
    blocks.push([...translatorComments(kept), ...entryLines(merged)]);
  }
  for (const old of existing.values()) {
    if (old.msgstr.every((form) => form === '')) continue;
    const obsolete = entryLines({ notes: [], references: [], flags: [], msgctxt: old.msgctxt, msgid: old.msgid ?? '', msgidPlural: old.msgidPlural, msgstr: old.msgstr });
    blocks.push([...translatorComments(old), ...obsolete.map((line) => `#~ ${line}`)]);
  }
  // Entries already obsolete are comment lines outside every entry: carried over unchanged.
  const obsoleteLines = lines.filter((line) => line.startsWith('#~'));
  if (obsoleteLines.length > 0) blocks.push(obsoleteLines);
  return Buffer.from(`${blocks.map((block) => block.join('\n')).join('\n\n')}\n`, 'utf8');
}

function isHeader(entry: PoEntry): boolean {
  return entry.msgid === '' && entry.msgctxt === undefined;
}

function keyOf(entry: PoEntry): string {
  return `${entry.msgctxt === undefined ? '' : `${entry.msgctxt}\u0004`}${entry.msgid ?? ''}`;
}

function translatorComments(entry: PoEntry | undefined): string[] {
  return (entry?.translatorComments ?? []).map((comment) => (comment ? `# ${comment}` : '#'));
}
