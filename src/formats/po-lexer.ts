import { FormatError } from './translation-format';

/**
 * A line-oriented PO reader. It records, for every entry, the lines it spans and where its parts sit, so the writer
 * can copy untouched entries verbatim and regenerate only what changed. One pass, no backtracking: linear in the file
 * size, which matters for 100k-entry catalogs (gettext-parser needs seconds and ~1 GB there).
 */

type PoKeyword = 'msgctxt' | 'msgid' | 'msgid_plural';

export interface PoEntry {
  firstLine: number;
  /** Exclusive. */
  endLine: number;
  translatorComments: string[];
  extractedComments: string[];
  references: string[];
  flags: string[];
  /** Line of the `#,` comment, -1 when there is none. */
  flagsLine: number;
  /** Lines of `#|` comments (previous msgctxt/msgid of a fuzzy entry). */
  previousLines: number[];
  previous: Partial<Record<PoKeyword, string>>;
  /** Line of the first keyword (msgctxt or msgid), where the comments end. */
  headLine: number;
  msgctxt?: string;
  msgid?: string;
  msgidPlural?: string;
  msgstr: string[];
  /** First line of the msgstr block, -1 when missing; everything from here to `endLine` is the translation. */
  msgstrLine: number;
}

export interface PoDocument {
  text: string;
  /** Offset of each line start; one extra element holds the text length. */
  lineStarts: number[];
  /** Entries with a msgid: the header and the messages. Comment-only blocks (obsolete `#~` entries) are not here. */
  entries: PoEntry[];
}

const PREVIOUS = /^#\|[ \t]*(?:(msgctxt|msgid_plural|msgid)[ \t]+)?(.*)$/;

type Target = { kind: 'field'; field: PoKeyword } | { kind: 'msgstr'; index: number } | { kind: 'previous'; field: PoKeyword };

// Shared so the common lines allocate nothing.
const FIRST_MSGSTR: Target = { kind: 'msgstr', index: 0 };
const FIELD_TARGETS: Record<PoKeyword, Target> = {
  msgctxt: { kind: 'field', field: 'msgctxt' },
  msgid: { kind: 'field', field: 'msgid' },
  msgid_plural: { kind: 'field', field: 'msgid_plural' },
};

export function lexPo(text: string): PoDocument {
  const lineStarts: number[] = [];
  const entries = [...lexPoEntries(linesOf(text, lineStarts))];
  lineStarts.push(text.length);
  return { text, lineStarts, entries };
}

/** The lines of a text (separated by `\n`), each line's offset recorded in `lineStarts`. */
function* linesOf(text: string, lineStarts: number[]): Generator<string> {
  for (let start = 0; start <= text.length; ) {
    lineStarts.push(start);
    const newline = text.indexOf('\n', start);
    const lineEnd = newline === -1 ? text.length : newline;
    yield text.slice(start, lineEnd);
    if (newline === -1) break;
    start = lineEnd + 1;
  }
}

/**
 * The entries of a PO file one at a time, as its lines are read (each without its `\n`; a trailing `\r` is
 * dropped): a reader that needs only the strings (an import) holds one entry at a time, not the whole document.
 */
export function* lexPoEntries(lines: Iterable<string>): Generator<PoEntry> {
  let entry: PoEntry | undefined;
  let target: Target | undefined;
  let lineNo = 0;

  /** The entry just ended, when it is one (a msgid); then no entry is open. */
  const close = (): PoEntry | undefined => {
    const ended = entry && entry.msgid !== undefined ? entry : undefined;
    if (ended && ended.msgstrLine < 0) throw new FormatError('msgid without msgstr', ended.firstLine + 1);
    entry = undefined;
    target = undefined;
    return ended;
  };
  const open = (): PoEntry => {
    entry ??= newEntry(lineNo);
    return entry;
  };
  const append = (value: string, column: number): void => {
    if (!entry || !target) throw new FormatError('string continuation outside of an entry', lineNo + 1, column);
    if (target.kind === 'msgstr') entry.msgstr[target.index] += value;
    else if (target.kind === 'previous') entry.previous[target.field] = (entry.previous[target.field] ?? '') + value;
    else entry[fieldName(target.field)] = (entry[fieldName(target.field)] ?? '') + value;
    entry.endLine = lineNo + 1;
  };

  for (const raw of lines) {
    const line = raw.charCodeAt(raw.length - 1) === 13 ? raw.slice(0, -1) : raw;
    const first = line.charCodeAt(0);
    let ended: PoEntry | undefined;

    if (isBlank(line, 0)) {
      ended = close();
    } else if (first === 35 /* # */) {
      if (entry?.msgid !== undefined) ended = close();
      const current = open();
      current.endLine = lineNo + 1;
      target = readComment(current, line, lineNo, target);
    } else if (first === 34 /* " */) {
      append(readQuoted(line, 0, lineNo), 1);
    } else {
      const { keyword, form, valueColumn } = readKeyword(line, lineNo);
      if (keyword === 'msgctxt' || keyword === 'msgid') {
        if (entry && (entry.msgid !== undefined || (keyword === 'msgctxt' && entry.msgctxt !== undefined))) ended = close();
      } else if (entry?.msgid === undefined) {
        throw new FormatError(`${keyword} without msgid`, lineNo + 1, 1);
      }
      const current = open();
      current.endLine = lineNo + 1;
      const value = readQuoted(line, valueColumn, lineNo);
      if (keyword === 'msgstr') {
        if (current.msgstrLine < 0) current.msgstrLine = lineNo;
        current.msgstr[form] = value;
        target = form === 0 ? FIRST_MSGSTR : { kind: 'msgstr', index: form };
      } else {
        if (current.headLine < 0) current.headLine = lineNo;
        current[fieldName(keyword)] = value;
        target = FIELD_TARGETS[keyword];
      }
    }
    if (ended) yield ended;
    lineNo += 1;
  }
  const last = close();
  if (last) yield last;
}

/** `msgid "…"`, `msgstr[2] "…"`…: the keyword, the plural form of a msgstr, and where the string starts. */
function readKeyword(line: string, lineNo: number): { keyword: PoKeyword | 'msgstr'; form: number; valueColumn: number } {
  const quote = line.indexOf('"');
  const head = (quote === -1 ? line : line.slice(0, quote)).trimEnd();
  const valueColumn = quote === -1 ? line.length : quote;
  if (head === 'msgid' || head === 'msgctxt' || head === 'msgid_plural') return { keyword: head, form: 0, valueColumn };
  if (head === 'msgstr') return { keyword: 'msgstr', form: 0, valueColumn };
  const form = /^msgstr\[(\d+)\]$/.exec(head)?.[1];
  if (form === undefined) throw new FormatError(`unexpected text "${line.slice(0, 20)}"`, lineNo + 1, 1);
  return { keyword: 'msgstr', form: Number(form), valueColumn };
}

function newEntry(line: number): PoEntry {
  return {
    firstLine: line,
    endLine: line + 1,
    translatorComments: [],
    extractedComments: [],
    references: [],
    flags: [],
    flagsLine: -1,
    previousLines: [],
    previous: {},
    headLine: -1,
    msgstr: [],
    msgstrLine: -1,
  };
}

function fieldName(field: PoKeyword): 'msgctxt' | 'msgid' | 'msgidPlural' {
  return field === 'msgid_plural' ? 'msgidPlural' : field;
}

/** Files the comment under its kind; returns where a following `#| "…"` line continues (only `#|` lines continue). */
function readComment(entry: PoEntry, line: string, lineNo: number, previous: Target | undefined): Target | undefined {
  const kind = line[1];
  const body = line.slice(2).trim();
  if (kind === undefined || kind === ' ' || kind === '\t') entry.translatorComments.push(line.slice(2));
  else if (kind === '.') entry.extractedComments.push(line.slice(line[2] === ' ' ? 3 : 2));
  else if (kind === ':') entry.references.push(...body.split(/\s+/).filter(Boolean));
  else if (kind === ',') {
    entry.flagsLine = lineNo;
    entry.flags.push(...body.split(',').map((flag) => flag.trim()).filter(Boolean));
  } else if (kind === '|') {
    entry.previousLines.push(lineNo);
    const match = PREVIOUS.exec(line);
    const keyword = match?.[1] as PoKeyword | undefined;
    const field = keyword ?? (previous?.kind === 'previous' ? previous.field : undefined);
    if (match?.[2].startsWith('"') && field) {
      entry.previous[field] = (keyword ? '' : (entry.previous[field] ?? '')) + readQuoted(match[2], 0, lineNo);
      return { kind: 'previous', field };
    }
  }
  // Other comments (`#~` obsolete lines, tool-specific `#=`…) are kept verbatim and carry no meaning here.
  return undefined;
}

/** Whitespace-only from `from` on; a loop rather than slice().trim(), which allocates on every line. */
export function isBlank(line: string, from: number): boolean {
  for (let i = from; i < line.length; i += 1) {
    const code = line.charCodeAt(i);
    if (code !== 32 && code !== 9 && code !== 13 && code !== 10) return false;
  }
  return true;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', a: '\x07', b: '\b', f: '\f', v: '\v', '"': '"', '\\': '\\', "'": "'", '?': '?' };

/** Decodes the C string literal starting at `from` (a `"`); only blanks may follow it on the line. */
function readQuoted(line: string, from: number, lineNo: number): string {
  if (line[from] !== '"') throw new FormatError('expected a quoted string', lineNo + 1, from + 1);
  let result = '';
  let chunk = from + 1;
  // indexOf jumps between quotes and backslashes; most strings have no escape at all.
  for (let i = chunk; ; ) {
    const quote = line.indexOf('"', i);
    const slash = line.indexOf('\\', i);
    if (quote === -1 && slash === -1) throw new FormatError('unterminated string', lineNo + 1, from + 1);
    if (slash === -1 || (quote !== -1 && quote < slash)) {
      if (!isBlank(line, quote + 1)) throw new FormatError('unexpected text after string', lineNo + 1, quote + 2);
      return result + line.slice(chunk, quote);
    }
    result += line.slice(chunk, slash);
    const next = line[slash + 1];
    const hex = next === 'x' ? /^[0-9a-fA-F]{1,2}/.exec(line.slice(slash + 2))?.[0] : undefined;
    const octal = next >= '0' && next <= '7' ? /^[0-7]{1,3}/.exec(line.slice(slash + 1))![0] : undefined;
    if (next !== undefined && next in ESCAPES) {
      result += ESCAPES[next];
      i = slash + 2;
    } else if (hex) {
      result += String.fromCharCode(parseInt(hex, 16));
      i = slash + 2 + hex.length;
    } else if (octal) {
      result += String.fromCharCode(parseInt(octal, 8));
      i = slash + 1 + octal.length;
    } else {
      throw new FormatError(`invalid escape sequence "\\${next ?? ''}"`, lineNo + 1, slash + 1);
    }
    chunk = i;
  }
}
