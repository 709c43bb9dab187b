import { EntryLayout, ValueSlot, replaceValue, rewriteEntries, wholeLines } from './rewrite';
import { DecodedText, decodeText, encodeText, errorAt } from './text-codec';
import { ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
import { keyedUnit, numbered, parseMonolingual } from './units';

/**
 * Apple `.strings` (Weblate `strings`): `"key" = "value";` pairs, comments before a pair are its note. Files are
 * UTF-16 (with or without BOM) or UTF-8, and are written back in the encoding they came in.
 */

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', "'": "'", '\\': '\\', '0': '\0' };
const ESCAPED: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\t': '\\t', '\r': '\\r', '\0': '\\0' };
const BARE_KEY = /[A-Za-z0-9_.$:/-]+/y;

function escapeStrings(value: string): string {
  return `"${value.replace(/[\\"\n\t\r\0]/g, (char) => ESCAPED[char])}"`;
}

interface StringsDocument extends EntryLayout<ValueSlot> {
  codec: DecodedText;
}

export class StringsFormat implements TranslationFormat {
  readonly id = 'strings';
  readonly name = 'iOS strings';
  readonly extensions = ['strings'];
  readonly monolingual = true;
  readonly bilingualCapable = true;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    return parseMonolingual(data, options, (file) => read(file).slots.map((slot) => slot.unit));
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const document = read(options.original ?? options.template ?? Buffer.alloc(0));
    const { eol } = document.codec;
    const patched = rewriteEntries(document, units, {
      removable: true,
      rewrite: (unit, slot) => replaceValue(slot, escapeStrings(unit.target[0] ?? '')),
      append: (added) => {
        const lead = document.appendAt > 0 && !document.text.endsWith('\n') ? eol : '';
        return lead + added.map((unit) => `${notePrefix(unit, eol)}${escapeStrings(unit.context)} = ${escapeStrings(unit.target[0] ?? '')};${eol}`).join('');
      },
    });
    return encodeText(patched, document.codec);
  }
}

function notePrefix(unit: TranslationUnit, eol: string): string {
  return unit.note ? `/* ${unit.note.replace(/\*\//g, '* /')} */${eol}` : '';
}

function read(data: Buffer): StringsDocument {
  const codec = decodeText(data);
  const { text } = codec;
  const slots: ValueSlot[] = [];
  let pos = 0;
  // A comment on the lines right before a pair is its note and goes with it when the pair is removed; one separated
  // by a blank line (a file header) is not.
  let note = { text: '', start: -1, end: -1 };

  const skip = (): void => {
    for (;;) {
      while (pos < text.length && /\s/.test(text[pos])) pos += 1;
      if (text.startsWith('/*', pos)) {
        const end = text.indexOf('*/', pos + 2);
        if (end === -1) throw errorAt(text, pos, 'unterminated comment');
        note = { text: text.slice(pos + 2, end).trim(), start: pos, end: end + 2 };
        pos = end + 2;
      } else if (text.startsWith('//', pos)) {
        const end = text.indexOf('\n', pos);
        note = { text: text.slice(pos + 2, end === -1 ? text.length : end).trim(), start: pos, end: end === -1 ? text.length : end };
        pos = end === -1 ? text.length : end + 1;
      } else return;
    }
  };
  const readToken = (what: string): { value: string; start: number; end: number } => {
    const start = pos;
    if (text[pos] === '"') {
      let value = '';
      for (pos += 1; text[pos] !== '"'; pos += 1) {
        if (pos >= text.length) throw errorAt(text, start, 'unterminated string');
        if (text[pos] !== '\\') {
          value += text[pos];
          continue;
        }
        pos += 1;
        const unicode = /^[uU]([0-9a-fA-F]{4})/.exec(text.slice(pos, pos + 5));
        if (unicode) {
          value += String.fromCharCode(parseInt(unicode[1], 16));
          pos += 4;
        } else value += ESCAPES[text[pos]] ?? text[pos];
      }
      pos += 1;
      return { value, start, end: pos };
    }
    BARE_KEY.lastIndex = pos;
    const bare = BARE_KEY.exec(text);
    if (!bare) throw errorAt(text, pos, `expected ${what}`);
    pos += bare[0].length;
    return { value: bare[0], start, end: pos };
  };
  const expect = (char: string): void => {
    skip();
    if (text[pos] !== char) throw errorAt(text, pos, `expected "${char}"`);
    pos += 1;
  };

  for (skip(); pos < text.length; skip()) {
    const before = note.start >= 0 && !/\n[ \t]*\r?\n/.test(text.slice(note.end, pos)) ? note : undefined;
    const key = readToken('a key');
    expect('=');
    skip();
    const value = readToken('a value');
    expect(';');
    note = { text: '', start: -1, end: -1 };
    const unit = keyedUnit(key.value, [value.value], { note: before?.text ?? '' });
    slots.push({ unit, ...wholeLines(text, before?.start ?? key.start, pos), valueStart: value.start, valueEnd: value.end });
  }
  numbered(slots.map((slot) => slot.unit));
  return { text, slots, appendAt: text.length, codec };
}
