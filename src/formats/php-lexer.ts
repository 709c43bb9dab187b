import { errorAt } from './text-codec';

/**
 * Just enough of a PHP lexer for translation files: strings (with their quote), variables, words, numbers,
 * punctuation and comments, each with its offsets. Strings are decoded with PHP's rules for their quote style.
 */

export interface PhpToken {
  type: 'string' | 'variable' | 'word' | 'number' | 'punct' | 'comment';
  value: string;
  start: number;
  end: number;
  quote?: "'" | '"';
}

const DOUBLE_ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', v: '\v', f: '\f', e: '\x1b', '\\': '\\', $: '$', '"': '"' };

export function lexPhp(text: string): PhpToken[] {
  const tokens: PhpToken[] = [];
  let pos = text.indexOf('<?php');
  pos = pos === -1 ? 0 : pos + 5;
  while (pos < text.length) {
    const char = text[pos];
    const start = pos;
    if (/\s/.test(char)) {
      pos += 1;
    } else if (text.startsWith('?>', pos)) {
      break;
    } else if (text.startsWith('//', pos) || char === '#') {
      const end = text.indexOf('\n', pos);
      pos = end === -1 ? text.length : end;
      tokens.push({ type: 'comment', value: text.slice(start, pos).replace(/^(\/\/|#)\s?/, '').trim(), start, end: pos });
    } else if (text.startsWith('/*', pos)) {
      const end = text.indexOf('*/', pos + 2);
      if (end === -1) throw errorAt(text, pos, 'unterminated comment');
      pos = end + 2;
      tokens.push({ type: 'comment', value: text.slice(start + 2, end).replace(/^\*+|\n\s*\*/g, '\n').trim(), start, end: pos });
    } else if (char === "'" || char === '"') {
      pos = stringEnd(text, pos);
      tokens.push({ type: 'string', value: decodePhp(text.slice(start + 1, pos - 1), char), start, end: pos, quote: char });
    } else if (char === '$' && /[A-Za-z_]/.test(text[pos + 1] ?? '')) {
      pos = wordEnd(text, pos + 1, /\w/);
      tokens.push({ type: 'variable', value: text.slice(start, pos), start, end: pos });
    } else if (/[A-Za-z_]/.test(char)) {
      pos = wordEnd(text, pos, /\w/);
      tokens.push({ type: 'word', value: text.slice(start, pos), start, end: pos });
    } else if (/[0-9]/.test(char)) {
      pos = wordEnd(text, pos, /[\w.]/);
      tokens.push({ type: 'number', value: text.slice(start, pos), start, end: pos });
    } else {
      pos += text.startsWith('=>', pos) ? 2 : 1;
      tokens.push({ type: 'punct', value: text.slice(start, pos), start, end: pos });
    }
  }
  return tokens;
}

function stringEnd(text: string, from: number): number {
  const quote = text[from];
  for (let pos = from + 1; pos < text.length; pos += 1) {
    if (text[pos] === '\\') pos += 1;
    else if (text[pos] === quote) return pos + 1;
  }
  throw errorAt(text, from, 'unterminated string');
}

function wordEnd(text: string, from: number, part: RegExp): number {
  let pos = from;
  while (pos < text.length && part.test(text[pos])) pos += 1;
  return pos;
}

function decodePhp(raw: string, quote: "'" | '"'): string {
  if (quote === "'") return raw.replace(/\\([\\'])/g, '$1');
  return raw.replace(/\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/gs, (match, escape: string) => {
    if (escape.startsWith('u{')) return String.fromCodePoint(parseInt(escape.slice(2, -1), 16));
    if (escape[0] === 'x' && escape.length > 1) return String.fromCharCode(parseInt(escape.slice(1), 16));
    if (/^[0-7]+$/.test(escape)) return String.fromCharCode(parseInt(escape, 8));
    return DOUBLE_ESCAPES[escape] ?? match;
  });
}

/** A string literal in the given quote style; newlines stay literal in double quotes, as translate-toolkit writes them. */
export function encodePhp(value: string, quote: "'" | '"'): string {
  if (quote === "'") return `'${value.replace(/[\\']/g, '\\$&')}'`;
  const escaped = value.replace(/[\\\r\t\v\f$"]/g, (char) => ({ '\r': '\\r', '\t': '\\t', '\v': '\\v', '\f': '\\f' })[char] ?? `\\${char}`);
  return `"${escaped}"`;
}
