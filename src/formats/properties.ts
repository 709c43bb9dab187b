import { EntryLayout, ValueSlot, replaceValue, rewriteEntries } from './rewrite';
import { DecodedText, decodeText, encodeText } from './text-codec';
import { FormatError, ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
import { keyedUnit, numbered, parseMonolingual } from './units';

/**
 * Java properties (Weblate `properties`): `key = value` lines with `\uXXXX` escapes and `\` line continuations;
 * `#`/`!` comment lines right above a key are its note. Values are written on one line. Non-ASCII characters are
 * written as `\uXXXX` unless the file already holds raw non-ASCII text (a UTF-8 properties file).
 */

const UNESCAPES: Record<string, string> = { t: '\t', n: '\n', r: '\r', f: '\f' };
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r', '\f': '\\f' };

function unescapeProperties(raw: string): string {
  return raw.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, escape: string) =>
    escape.length === 5 ? String.fromCharCode(parseInt(escape.slice(1), 16)) : (UNESCAPES[escape] ?? escape),
  );
}

function escapeProperties(value: string, asciiOnly: boolean, isKey = false): string {
  let escaped = value.replace(/[\\\t\n\r\f]/g, (char) => ESCAPES[char]);
  escaped = isKey ? escaped.replace(/[ =:#!]/g, (char) => `\\${char}`) : escaped.replace(/^ /, '\\ ');
  if (!asciiOnly) return escaped;
  return escaped.replace(/[^\x00-\x7f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export interface PropertiesDocument extends EntryLayout<ValueSlot> {
  codec: DecodedText;
  /** How keys and values are separated in this file, e.g. " = " or "=". */
  separator: string;
  asciiOnly: boolean;
}

export class PropertiesFormat implements TranslationFormat {
  readonly id = 'properties';
  readonly name = 'Java Properties';
  readonly extensions = ['properties'];
  readonly monolingual = true;
  readonly bilingualCapable = true;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    return parseMonolingual(data, options, (file) => readProperties(file).slots.map((slot) => slot.unit));
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const document = readProperties(options.original ?? options.template ?? Buffer.alloc(0));
    const { eol } = document.codec;
    const patched = rewriteEntries(document, units, {
      removable: true,
      rewrite: (unit, slot) => replaceValue(slot, escapeProperties(unit.target[0] ?? '', document.asciiOnly)),
      append: (added) => {
        const lead = document.text !== '' && !document.text.endsWith('\n') ? eol : '';
        return lead + added.map((unit) => {
          const note = unit.note ? unit.note.split('\n').map((line) => `# ${line}${eol}`).join('') : '';
          const key = escapeProperties(unit.context, document.asciiOnly, true);
          return `${note}${key}${document.separator}${escapeProperties(unit.target[0] ?? '', document.asciiOnly)}${eol}`;
        }).join('');
      },
    });
    return encodeText(patched, document.codec);
  }
}

/** A properties file's entries, each slot spanning its comment lines, key line and continuation lines. */
export function readProperties(data: Buffer): PropertiesDocument {
  // Java reads ISO-8859-1 traditionally and UTF-8 since Java 9; whatever is not valid UTF-8 is taken as Latin-1.
  const codec = decodeUtf8OrLatin1(data);
  const { text } = codec;
  const slots: ValueSlot[] = [];
  let separator: string | undefined;
  let comment: { start: number; lines: string[] } | undefined;
  for (let start = 0; start < text.length; ) {
    let end = lineEnd(text, start);
    const line = text.slice(start, end).replace(/\r?\n$/, '');
    const body = line.trimStart();
    if (body === '') {
      comment = undefined;
    } else if (body.startsWith('#') || body.startsWith('!')) {
      comment ??= { start, lines: [] };
      comment.lines.push(body.slice(1).trim());
    } else {
      // A logical line continues while it ends in an odd number of backslashes.
      while (/(^|[^\\])(\\\\)*\\\r?\n$/.test(text.slice(start, end)) && end < text.length) end = lineEnd(text, end);
      const logical = text.slice(start, end).replace(/\r?\n$/, '');
      const keyStart = start + logical.length - logical.trimStart().length;
      const match = /^((?:[^\\:=\s]|\\.)*)(\s*[:=]\s*|\s+)/s.exec(text.slice(keyStart, start + logical.length)) ?? [logical.trimStart(), logical.trimStart(), ''];
      const valueStart = keyStart + match[0].length;
      separator ??= match[2] || '=';
      const value = unescapeProperties(text.slice(valueStart, start + logical.length).replace(/\\\r?\n[ \t\f]*/g, ''));
      const unit = keyedUnit(unescapeProperties(match[1]), [value], { note: comment?.lines.join('\n') ?? '' });
      slots.push({ unit, start: comment?.start ?? start, end, valueStart, valueEnd: start + logical.length });
      comment = undefined;
    }
    start = end;
  }
  numbered(slots.map((slot) => slot.unit));
  return { text, slots, appendAt: text.length, codec, separator: separator ?? ' = ', asciiOnly: !/[^\x00-\x7f]/.test(text) };
}

function lineEnd(text: string, from: number): number {
  const newline = text.indexOf('\n', from);
  return newline === -1 ? text.length : newline + 1;
}

function decodeUtf8OrLatin1(data: Buffer): DecodedText {
  try {
    return decodeText(data);
  } catch (error) {
    if (error instanceof FormatError) return decodeText(data, 'latin1');
    throw error;
  }
}
