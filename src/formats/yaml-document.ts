import { Document, parseDocument } from 'yaml';
import { DecodedText, decodeText } from './text-codec';
import { FormatError } from './translation-format';
import { SCALAR_OPTIONS } from './yaml-scalars';

/** Line breaks of a YAML file: Unix, DOS, or old Mac ones (`\r`), which Weblate's YAML add-on can write. */
export type LineBreak = '\n' | '\r\n' | '\r';

export interface YamlText {
  /** The file's text; `\r` line breaks are read as `\n` (the yaml package takes no lone `\r`), `eol` is then `\n`. */
  codec: DecodedText;
  document: Document;
  breaks: LineBreak;
}

/** A YAML file's document, read the way every YAML reader here reads it; what yaml cannot read is a FormatError. */
export function readYaml(data: Buffer): YamlText {
  const decoded = decodeText(data);
  const mac = !decoded.text.includes('\n') && decoded.text.includes('\r');
  const codec = mac ? { ...decoded, text: decoded.text.replace(/\r/g, '\n') } : decoded;
  const document = parseDocument(codec.text, { keepSourceTokens: false, ...SCALAR_OPTIONS });
  const error = document.errors[0];
  if (error) {
    // yaml appends the position and a source excerpt to its message; FormatError states the position itself.
    const detail = error.message.split('\n')[0].replace(/ at line \d+, column \d+:$/, '');
    throw new FormatError(detail, error.linePos?.[0].line, error.linePos?.[0].col);
  }
  return { codec, document, breaks: mac ? '\r' : decoded.eol };
}

/** Text whose line breaks are `\n` (yaml's output) with the given ones. */
export function withBreaks(text: string, breaks: LineBreak): string {
  return breaks === '\n' ? text : text.replace(/\n/g, breaks);
}

/**
 * Whether the file indents list items under their key (`key:\n  - item`) rather than writing them at the key's
 * indentation (`key:\n- item`, Rails' habit): a file yaml writes again keeps the file's own habit. yaml writes the
 * latter `indent - 2` columns in, so a file it wrote with a larger indent reads as the habit it was written with.
 */
export function indentsSequences(text: string, indent = 2): boolean {
  for (const [, keyIndent, dashIndent] of text.matchAll(/^( *)[^\s#-][^\r\n]*:[ \t]*\r?\n( *)- /gm)) {
    const offset = dashIndent.length - keyIndent.length;
    if (offset >= 0 && offset < indent) return false;
  }
  return true;
}
