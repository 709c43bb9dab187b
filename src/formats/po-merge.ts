import { FormatError } from './translation-format';
import { FuzzyMatcher } from './po-fuzzy-match';
import { PoEntry, lexPo } from './po-lexer';
import { entryLines, NewPoEntry } from './po-writer';

export interface MergeOptions {
  /** Keep the `#|` previous msgctxt and msgid of strings needing editing (msgmerge --previous). */
  previous: boolean;
  /** Leave out the `#:` source references (msgmerge --no-location). */
  noLocation: boolean;
  /** Start a new message from the most similar translated one, as fuzzy (off: msgmerge --no-fuzzy-matching). */
  fuzzy: boolean;
}

/** An obsolete (`#~`) block of the PO file: its lines as they are and the messages they hold. */
interface ObsoleteBlock {
  firstLine: number;
  lines: string[];
  entries: PoEntry[];
}

/**
 * A PO file brought in line with its template as msgmerge does: the template's messages in its order, with its
 * references, extracted comments and format flags; translations, translator comments and the fuzzy flag from the
 * PO file's message of the same msgctxt and msgid, an obsolete one revived; with `fuzzy`, a message without one
 * takes the translation of the most similar translated message (po-fuzzy-match.ts), marked fuzzy, with that
 * message's msgctxt and msgid as the previous ones; other new messages untranslated. Messages nothing used are kept
 * as obsolete (`#~`) when translated, dropped otherwise; obsolete blocks nothing used stay as they are. The PO
 * header stays as it is (msgmerge would reorder its fields).
 */
export function mergePo(po: Buffer, pot: Buffer, options: MergeOptions): Buffer {
  const translation = lexPo(po.toString('utf8'));
  const template = lexPo(pot.toString('utf8'));
  const lines = translation.text.split('\n');
  const header = translation.entries.find(isHeader);
  const nplurals = Number(/nplurals\s*=\s*(\d+)/.exec(header?.msgstr[0] ?? '')?.[1] ?? 2);
  const active = translation.entries.filter((entry) => !isHeader(entry));
  const obsolete = obsoleteBlocks(lines);
  const revivable = obsolete.flatMap((block) => block.entries);
  // An active message wins over an obsolete one of the same key.
  const byKey = new Map([...revivable, ...active].map((entry) => [keyOf(entry), entry]));
  const used = new Set<PoEntry>();
  const matchers = options.fuzzy ? fuzzyMatchers(active, obsolete) : undefined;

  const blocks: string[][] = header ? [lines.slice(header.firstLine, header.endLine).filter((line, index, all) => index < all.length - 1 || line !== '')] : [];
  for (const entry of template.entries) {
    if (isHeader(entry)) continue;
    const exact = byKey.get(keyOf(entry));
    if (exact) used.add(exact);
    const isPlural = entry.msgidPlural !== undefined;
    // A string that gained or lost its plural is a new message to translate.
    const kept = exact && (exact.msgidPlural !== undefined) === isPlural ? exact : undefined;
    const similar = kept ? undefined : matchers?.[isPlural ? 'plural' : 'singular'].best(entry.msgctxt, entry.msgid ?? '');
    const source = kept ?? similar;
    if (source) used.add(source);
    const wasFuzzy = source?.flags.includes('fuzzy') ?? false;
    const fuzzy = wasFuzzy || similar !== undefined;
    // The previous msgid of a message already fuzzy still tells what its translation was made for.
    const previous = !options.previous || !fuzzy ? undefined : similar && !wasFuzzy ? { msgctxt: similar.msgctxt, msgid: similar.msgid, msgid_plural: similar.msgidPlural } : source?.previous;
    const merged: NewPoEntry = {
      notes: entry.extractedComments,
      references: options.noLocation ? [] : entry.references,
      flags: [...(fuzzy ? ['fuzzy'] : []), ...entry.flags.filter((flag) => flag !== 'fuzzy')],
      msgctxt: entry.msgctxt,
      msgid: entry.msgid ?? '',
      msgidPlural: entry.msgidPlural,
      previousMsgctxt: previous?.msgctxt,
      previousMsgid: previous?.msgid,
      previousMsgidPlural: previous?.msgid_plural,
      msgstr: source?.msgstr ?? (isPlural ? Array.from({ length: nplurals }, () => '') : ['']),
    };
    blocks.push([...translatorComments(source), ...entryLines(merged)]);
  }
  for (const old of active) {
    if (used.has(old) || old.msgstr.every((form) => form === '')) continue;
    const previous = options.previous ? old.previous : {};
    const lines = entryLines({
      notes: [], references: [], flags: old.flags, msgctxt: old.msgctxt, msgid: old.msgid ?? '', msgidPlural: old.msgidPlural, msgstr: old.msgstr,
      previousMsgctxt: previous.msgctxt, previousMsgid: previous.msgid, previousMsgidPlural: previous.msgid_plural,
    });
    // As msgmerge writes them: flags unmarked, previous fields as `#~|`.
    blocks.push([...translatorComments(old), ...lines.map((line) => (line.startsWith('#,') ? line : line.startsWith('#|') ? `#~|${line.slice(2)}` : `#~ ${line}`))]);
  }
  for (const block of obsolete) if (!block.entries.some((entry) => used.has(entry))) blocks.push(block.lines);
  return Buffer.from(`${blocks.map((block) => block.join('\n')).join('\n\n')}\n`, 'utf8');
}

/** The candidates of fuzzy matching: translated messages, obsolete ones too, in file order; by plural-ness. */
function fuzzyMatchers(active: PoEntry[], obsolete: ObsoleteBlock[]) {
  const translated = [
    ...active.map((entry) => ({ line: entry.firstLine, entry })),
    ...obsolete.flatMap((block) => block.entries.map((entry) => ({ line: block.firstLine, entry }))),
  ]
    .filter(({ entry }) => entry.msgstr[0] !== '')
    .sort((a, b) => a.line - b.line)
    .map(({ entry }) => ({ msgctxt: entry.msgctxt, msgid: entry.msgid ?? '', value: entry, isPlural: entry.msgidPlural !== undefined }));
  return {
    singular: new FuzzyMatcher(translated.filter((candidate) => !candidate.isPlural)),
    plural: new FuzzyMatcher(translated.filter((candidate) => candidate.isPlural)),
  };
}

/**
 * Runs of `#~` lines, each read as PO once the marks are off (`#~| msgid` is a previous msgid). Entries already
 * obsolete are comment lines outside every entry to the lexer; one that cannot be read is carried over unread.
 */
function obsoleteBlocks(lines: string[]): ObsoleteBlock[] {
  const blocks: ObsoleteBlock[] = [];
  let current: ObsoleteBlock | undefined;
  lines.forEach((line, index) => {
    if (!line.startsWith('#~')) {
      current = undefined;
      return;
    }
    if (!current) blocks.push((current = { firstLine: index, lines: [], entries: [] }));
    current.lines.push(line);
  });
  for (const block of blocks) {
    const text = block.lines.map((line) => (line.startsWith('#~|') ? `#|${line.slice(3)}` : line.replace(/^#~ ?/, ''))).join('\n');
    try {
      block.entries = lexPo(`${text}\n`).entries.filter((entry) => !isHeader(entry));
    } catch (error) {
      if (!(error instanceof FormatError)) throw error;
    }
  }
  return blocks;
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
