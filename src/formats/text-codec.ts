import { FormatError } from './translation-format';

/** Encodings a text format is written back in: whatever the file came in, so a round trip keeps its bytes. */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'latin1';

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
  bom: boolean;
  /** The file's line ending, used for every line a serializer writes. */
  eol: '\n' | '\r\n';
}

/** Charset labels (PO `Content-Type`) mapped to what we can write back. */
const CHARSETS: Record<string, TextEncoding> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  charset: 'utf-8', // the template placeholder in fresh POT files
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
  'iso-8859-1': 'latin1',
  'latin-1': 'latin1',
  latin1: 'latin1',
};

export function encodingForCharset(charset: string): TextEncoding {
  const encoding = CHARSETS[charset.trim().toLowerCase()];
  if (!encoding) throw new FormatError(`unsupported charset "${charset}"`);
  return encoding;
}

/**
 * Bytes to text. A BOM decides the encoding; without one, NUL bytes give UTF-16 away (Apple .strings files are often
 * UTF-16 without a BOM, and NUL never occurs in real UTF-8 text). Invalid UTF-8 is an error, not replacement chars.
 */
export function decodeText(data: Buffer, forced?: TextEncoding): DecodedText {
  const { encoding, skip } = detectEncoding(data, forced);
  const text = decodeBody(data.subarray(skip), encoding);
  return { text, encoding, bom: skip > 0, eol: detectEol(text) };
}

function detectEncoding(data: Buffer, forced?: TextEncoding): { encoding: TextEncoding; skip: number } {
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (data[0] === 0xff && data[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (data[0] === 0xfe && data[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  if (!forced && data.length >= 2 && data.length % 2 === 0 && (data[0] === 0 || data[1] === 0)) {
    return { encoding: data[0] === 0 ? 'utf-16be' : 'utf-16le', skip: 0 };
  }
  return { encoding: forced ?? 'utf-8', skip: 0 };
}

/**
 * Bytes decoded at once by decodeLines: a piece's string (two bytes a character once one is beyond Latin-1) stays well
 * below V8's large-object size, so pieces are allocated young and collected as soon as their lines are read.
 */
const LINES_CHUNK = 1 << 14;

/**
 * The lines of a text file (what `decodeText(data).text.split('\n')` gives), decoded a few kilobytes at a time: a
 * reader going through a large file line by line never holds its whole text, which for a 22 MB catalogue with one
 * character beyond Latin-1 is a 44 MB string (and every string sliced from it keeps it whole). Pieces are cut after
 * a newline byte, which no multi-byte UTF-8 sequence contains; UTF-16 files are decoded whole.
 */
export function* decodeLines(data: Buffer, forced?: TextEncoding): Generator<string> {
  const { encoding, skip } = detectEncoding(data, forced);
  if (encoding === 'utf-16le' || encoding === 'utf-16be') {
    yield* decodeBody(data.subarray(skip), encoding).split('\n');
    return;
  }
  let linesBefore = 0;
  let partial = '';
  for (let start = skip; start < data.length; ) {
    const window = Math.min(start + LINES_CHUNK, data.length);
    const cut = window === data.length ? -1 : data.lastIndexOf(0x0a, window - 1);
    let end = cut >= start ? cut + 1 : window;
    // A line longer than the piece: cut before a character, not inside one (continuation bytes are 10xxxxxx).
    while (cut < start && encoding === 'utf-8' && end > start + 3 && end < data.length && (data[end] & 0xc0) === 0x80) end -= 1;
    let piece: string;
    try {
      piece = partial + decodeBody(data.subarray(start, end), encoding);
    } catch (error) {
      throw error instanceof FormatError && error.line !== undefined ? new FormatError('invalid UTF-8 byte sequence', linesBefore + error.line, error.column) : error;
    }
    const lines = piece.split('\n');
    partial = lines.pop()!;
    linesBefore += lines.length;
    yield* lines;
    start = end;
  }
  yield partial;
}

function decodeBody(body: Buffer, encoding: TextEncoding): string {
  if (encoding === 'latin1') return body.toString('latin1');
  if (encoding === 'utf-16le') return body.toString('utf16le');
  if (encoding === 'utf-16be') return Buffer.from(body).swap16().toString('utf16le');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    const lenient = body.toString('utf8');
    const { line, column } = lineColumn(lenient, lenient.indexOf('\ufffd'));
    throw new FormatError('invalid UTF-8 byte sequence', line, column);
  }
}

export function encodeText(text: string, like: Pick<DecodedText, 'encoding' | 'bom'>): Buffer {
  const bom = like.bom ? '\ufeff' : '';
  switch (like.encoding) {
    case 'latin1':
      if (/[^\u0000-\u00ff]/.test(text)) throw new FormatError('text cannot be written in ISO-8859-1');
      return Buffer.from(text, 'latin1');
    case 'utf-16le':
      return Buffer.from(bom + text, 'utf16le');
    case 'utf-16be':
      return Buffer.from(bom + text, 'utf16le').swap16();
    default:
      return Buffer.from(bom + text, 'utf8');
  }
}

/** What a brand-new file is written as. */
export const NEW_TEXT: Pick<DecodedText, 'encoding' | 'bom' | 'eol'> = { encoding: 'utf-8', bom: false, eol: '\n' };

function detectEol(text: string): '\n' | '\r\n' {
  const newline = text.indexOf('\n');
  return newline > 0 && text[newline - 1] === '\r' ? '\r\n' : '\n';
}

/** 1-based line and column of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) {
    line += 1;
    lineStart = index + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

export function errorAt(text: string, offset: number, detail: string): FormatError {
  const { line, column } = lineColumn(text, offset);
  return new FormatError(detail, line, column);
}
