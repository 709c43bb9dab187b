import { EntryLayout, EntrySlot, TextEdit, rewriteEntries } from './rewrite';
import { DecodedText, decodeLines, decodeText, encodeText, encodingForCharset } from './text-codec';
import { FileHeader, FormatError, SerializeOptions, TranslationUnit, UnitState } from './translation-format';
import { isBlank, lexPo, lexPoEntries, PoDocument, PoEntry } from './po-lexer';
import { entryLines, fieldLines, flagsLine, msgstrLines, NewPoEntry } from './po-writer';
import { numbered } from './units';

/** The file layer shared by bilingual (`po`) and monolingual (`po-mono`) gettext: entries in, patched text out. */

interface PoSlot extends EntrySlot {
  entry: PoEntry;
}

export interface PoCatalog {
  layout: EntryLayout<PoSlot>;
  document: PoDocument;
  codec: DecodedText;
  /** The `msgid ""` entry; kept verbatim unless header fields are set. */
  headerEntry?: PoEntry;
  header: FileHeader;
  /** The charset the header declares (`ASCII`, `UTF-8`…), as written. */
  charset: string;
}

/** A header-only catalog: what a new file starts from when there is neither an original nor a template. */
const EMPTY_CATALOG = Buffer.from(
  'msgid ""\nmsgstr ""\n"MIME-Version: 1.0\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n',
);

export function readCatalog(data: Buffer, toUnit: (entry: PoEntry) => TranslationUnit): PoCatalog {
  const charset = sniffCharset(data);
  const codec = decodeText(data, encodingForCharset(charset));
  const document = lexPo(codec.text);
  const { text, lineStarts, entries } = document;
  const headerEntry = entries[0]?.msgid === '' && entries[0].msgctxt === undefined ? entries[0] : undefined;
  const messages = headerEntry ? entries.slice(1) : entries;
  const slots = messages.map((entry) => ({ entry, unit: toUnit(entry), ...removalRange(document, entry) }));
  numbered(slots.map((slot) => slot.unit));
  const last = messages.at(-1) ?? headerEntry;
  const appendAt = last ? lineStarts[last.endLine] : text.length;
  const fields = headerFields(headerEntry?.msgstr[0] ?? '');
  return {
    layout: { text, slots, appendAt },
    document,
    codec,
    headerEntry,
    header: { language: fields.get('language') || undefined, pluralForms: fields.get('plural-forms') || undefined },
    charset,
  };
}

/**
 * The units of a catalog's messages (its header left out), numbered, one at a time as the text is read: the whole
 * catalog (entries, slots, line offsets) is never held. `strict`: each plural message is checked as it comes
 * (assertCompletePlurals), against the header, which comes first.
 */
export function* streamCatalogUnits(data: Buffer, toUnit: (entry: PoEntry) => TranslationUnit, strict = false): Generator<TranslationUnit> {
  let position = 0;
  let first = true;
  let forms = 1;
  for (const entry of lexPoEntries(decodeLines(data, encodingForCharset(sniffCharset(data))))) {
    // As readCatalog: only the first entry can be the header.
    const header = first && entry.msgid === '' && entry.msgctxt === undefined;
    first = false;
    if (header) {
      forms = declaredForms(headerFields(entry.msgstr[0] ?? '').get('plural-forms'));
      continue;
    }
    if (strict) assertCompletePlural(entry, forms);
    yield { ...toUnit(entry), position: ++position };
  }
}

/**
 * msgfmt's rule for plural messages: msgstr[0] … msgstr[n-1] without a gap, n being the header's nplurals (at
 * least one form without a Plural-Forms header). Throws a FormatError naming the message's line.
 */
export function assertCompletePlurals(catalog: PoCatalog): void {
  const forms = declaredForms(catalog.header.pluralForms);
  for (const { entry } of catalog.layout.slots) assertCompletePlural(entry, forms);
}

function assertCompletePlural(entry: PoEntry, expected: number): void {
  if (entry.msgidPlural === undefined) return;
  const count = Math.max(entry.msgstr.length, expected);
  for (let form = 0; form < count; form++) {
    if (entry.msgstr[form] === undefined) {
      throw new FormatError(`the plural message "${entry.msgid}" lacks msgstr[${form}] (the header declares ${expected} plural forms)`, entry.headLine + 1);
    }
  }
}

/** nplurals of a Plural-Forms header; one form without one. */
function declaredForms(pluralForms: string | undefined): number {
  const declared = /nplurals\s*=\s*(\d+)/.exec(pluralForms ?? '');
  return declared ? Number(declared[1]) : 1;
}

/** The charset has to be known before decoding; it sits, ASCII-encoded, in the header near the top. */
export function sniffCharset(data: Buffer): string {
  const match = /charset=([A-Za-z0-9_.:-]+)/.exec(data.subarray(0, 4096).toString('latin1'));
  return match ? match[1] : 'utf-8';
}

function headerFields(msgstr: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of msgstr.split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return fields;
}

/** An entry goes together with the blank lines before it, so removing it leaves the spacing of its neighbours. */
function removalRange({ text, lineStarts }: PoDocument, entry: PoEntry): { start: number; end: number } {
  let first = entry.firstLine;
  while (first > 0 && isBlankLine(text, lineStarts, first - 1)) first -= 1;
  let end = entry.endLine;
  if (first === 0) while (end < lineStarts.length - 2 && isBlankLine(text, lineStarts, end)) end += 1;
  return { start: lineStarts[first], end: lineStarts[end] };
}

function isBlankLine(text: string, lineStarts: number[], line: number): boolean {
  return isBlank(text.slice(lineStarts[line], lineStarts[line + 1]), 0);
}

export interface CatalogWrite {
  /** Fields to set in the header (e.g. Language when a new file is made from the template). */
  headerFields: Record<string, string>;
  /** The full entry for a unit the file does not have yet. */
  newEntry(unit: TranslationUnit): NewPoEntry;
}

export function writeCatalog(catalog: PoCatalog, units: readonly TranslationUnit[], write: CatalogWrite): Buffer {
  const { document, codec, layout } = catalog;
  const lines = new PoLines(document, codec.eol);
  const fields = { ...write.headerFields, ...charsetField(catalog, units) };
  const headerEdit = catalog.headerEntry ? lines.header(catalog.headerEntry, fields) : [];
  const patched = rewriteEntries(layout, units, {
    removable: true,
    stateKey: (unit) => (unit.state === UnitState.Fuzzy ? 'fuzzy' : ''),
    rewrite: (unit, slot) => lines.rewrite(slot.entry, unit),
    append: (added) => {
      const separator = layout.appendAt === 0 ? '' : layout.text.slice(0, layout.appendAt).endsWith('\n') ? codec.eol : codec.eol + codec.eol;
      return separator + added.map((unit) => entryLines(write.newEntry(unit)).join(codec.eol) + codec.eol).join(codec.eol);
    },
  }, headerEdit);
  // A header declaring UTF-8 (a new file made from a POT, whatever its charset) must be followed by UTF-8 bytes.
  return encodeText(patched, fields['Content-Type'] ? { ...codec, encoding: 'utf-8' } : codec);
}

/** The highest code point each declared charset holds; gettext's own `CHARSET` placeholder holds nothing beyond ASCII. */
const CHARSET_LIMITS: Record<string, number> = { ascii: 0x7f, 'us-ascii': 0x7f, charset: 0x7f, 'iso-8859-1': 0xff, latin1: 0xff };

/**
 * A file whose text no longer fits its declared charset (real headers often say `charset=ASCII`) is declared and
 * written as UTF-8: msgfmt refuses non-ASCII text under an ASCII header.
 */
function charsetField(catalog: PoCatalog, units: readonly TranslationUnit[]): Record<string, string> {
  const limit = CHARSET_LIMITS[catalog.charset.toLowerCase()];
  if (limit === undefined) return {};
  const fits = (text: string): boolean => [...text].every((char) => char.codePointAt(0)! <= limit);
  const written = units.every((unit) => [unit.context, unit.note, unit.previousSource, ...unit.source, ...unit.target].every(fits));
  return written && fits(catalog.layout.text) ? {} : { 'Content-Type': 'text/plain; charset=UTF-8' };
}

/** Line-level edits on one entry of the stored text. */
class PoLines {
  constructor(
    private readonly document: PoDocument,
    private readonly eol: string,
  ) {}

  rewrite(entry: PoEntry, unit: TranslationUnit): TextEdit[] {
    const edits: TextEdit[] = [this.replaceMsgstr(entry, msgstrLines(unit.target, entry.msgidPlural !== undefined))];
    const fuzzy = unit.state === UnitState.Fuzzy;
    if (fuzzy !== entry.flags.includes('fuzzy')) {
      const flags = fuzzy ? ['fuzzy', ...entry.flags] : entry.flags.filter((flag) => flag !== 'fuzzy');
      edits.push(this.setFlags(entry, flags));
    }
    // Weblate (PoUnit.mark_fuzzy) drops the previous msgid once a string is no longer fuzzy.
    if (!fuzzy) edits.push(...entry.previousLines.map((line) => this.replaceLines(line, line + 1, [])));
    return edits;
  }

  /**
   * The header with the given fields set, each on its own line (others stay as written); a header that gets a
   * revision date is no longer msginit's fuzzy placeholder.
   */
  header(entry: PoEntry, fields: Record<string, string>): TextEdit[] {
    const current = entry.msgstr[0] ?? '';
    let msgstr = current;
    for (const [name, value] of Object.entries(fields)) {
      const line = new RegExp(`^${name}:.*$`, 'im');
      msgstr = line.test(msgstr) ? msgstr.replace(line, () => `${name}: ${value}`) : `${msgstr}${name}: ${value}\n`;
    }
    const edits = msgstr === current ? [] : [this.replaceMsgstr(entry, fieldLines('msgstr', msgstr))];
    if (fields['PO-Revision-Date'] && entry.flags.includes('fuzzy')) edits.push(this.setFlags(entry, entry.flags.filter((flag) => flag !== 'fuzzy')));
    return edits;
  }

  private replaceMsgstr(entry: PoEntry, lines: string[]): TextEdit {
    return { start: this.document.lineStarts[entry.msgstrLine], end: this.contentEnd(entry.endLine - 1), text: lines.join(this.eol) };
  }

  private setFlags(entry: PoEntry, flags: string[]): TextEdit {
    if (entry.flagsLine >= 0) return this.replaceLines(entry.flagsLine, entry.flagsLine + 1, flagsLine(flags));
    // gettext writes `#,` after the other comments and before `#|` and the keywords.
    const before = entry.previousLines[0] ?? entry.headLine;
    return this.replaceLines(before, before, flagsLine(flags));
  }

  private replaceLines(from: number, to: number, lines: string[]): TextEdit {
    const { lineStarts } = this.document;
    return { start: lineStarts[from], end: lineStarts[to], text: lines.map((line) => line + this.eol).join('') };
  }

  /** End of a line's text, before its line break. */
  private contentEnd(line: number): number {
    const { text, lineStarts } = this.document;
    let end = lineStarts[line + 1];
    if (text[end - 1] === '\n') end -= 1;
    if (text[end - 1] === '\r') end -= 1;
    return Math.max(end, lineStarts[line]);
  }
}

export function newCatalogBase(options: SerializeOptions): Buffer {
  return options.original ?? options.template ?? EMPTY_CATALOG;
}

/**
 * Header fields to set: a new translation file (made from the template or from nothing) gets its language, plural
 * rule and charset, as msginit sets them; a file written for a commit records the revision (Weblate `update_header`).
 */
export function headerUpdates(options: SerializeOptions): Record<string, string> {
  const { revision } = options;
  const translator = revision && (revision.translator ?? (options.original ? undefined : 'Automatically generated'));
  return {
    ...(revision ? { 'PO-Revision-Date': poDate(revision.date) } : {}),
    ...(translator ? { 'Last-Translator': translator } : {}),
    ...(revision || !options.original ? { Language: options.language } : {}),
    ...(!options.original ? { 'Content-Type': 'text/plain; charset=UTF-8' } : {}),
    ...(options.pluralForms && (revision || !options.original) ? { 'Plural-Forms': options.pluralForms } : {}),
    ...(revision ? { 'X-Generator': revision.generator } : {}),
  };
}

/** gettext's date format, in UTC: `2026-11-24 21:05+0000`. */
function poDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')}+0000`;
}

export function isPoFuzzy(entry: PoEntry): boolean {
  return entry.flags.includes('fuzzy');
}

/** Comments as Weblate's note shows them: translator comments, then developer (extracted) comments. */
export function poNote(entry: PoEntry): string {
  return [...entry.translatorComments, ...entry.extractedComments].join('\n');
}

export function poFlags(entry: PoEntry): string {
  return entry.flags.filter((flag) => flag !== 'fuzzy').join(', ');
}

export function poTarget(entry: PoEntry): string[] {
  return entry.msgidPlural === undefined ? [entry.msgstr[0] ?? ''] : Array.from(entry.msgstr, (form) => form ?? '');
}

/** Comment lines for an entry the file does not have yet: notes become developer comments. */
export function newEntryComments(unit: TranslationUnit): Pick<NewPoEntry, 'notes' | 'references' | 'flags'> {
  return {
    notes: unit.note ? unit.note.split('\n') : [],
    references: unit.location ? unit.location.split(', ') : [],
    flags: [...(unit.state === UnitState.Fuzzy ? ['fuzzy'] : []), ...(unit.flags ? unit.flags.split(', ') : [])],
  };
}

/** A plural message needs every msgstr[n] of the language even when untranslated. */
export function newTarget(unit: TranslationUnit, options: SerializeOptions): string[] {
  if (unit.source.length > 1 && unit.target.every((form) => form === '')) {
    return Array.from({ length: options.pluralCount ?? unit.source.length }, () => '');
  }
  return unit.target;
}
