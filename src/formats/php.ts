import { PhpToken, encodePhp, lexPhp } from './php-lexer';
import { EntryLayout, TextEdit, ValueSlot, indentAt, lineStartBefore, replaceValue, rewriteEntries, wholeLines } from './rewrite';
import { DecodedText, decodeText, encodeText, errorAt } from './text-codec';
import { FormatError, ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
import { keyedUnit, numbered, parseMonolingual } from './units';

/**
 * PHP string files (Weblate `php`), with translate-toolkit's key names: `$lang['item'] = '…';` is `$lang['item']`,
 * `define('X', '…');` is `define('X'`, array members are `$lang->'item'` (`$lang[]->'item'` for `[…]` arrays,
 * `return[]->'item'` for a returned array, nested arrays chain `->`). Comments before an entry are its note.
 */

interface PhpSlot extends ValueSlot {
  quote: "'" | '"';
}

interface PhpArray {
  close: PhpToken;
  /** Indentation of its members. */
  indent: string;
  /** End of the last member when it lacks a trailing comma (a new member needs one there). */
  openEnd?: number;
}

interface PhpDocument extends EntryLayout<PhpSlot> {
  codec: DecodedText;
  arrays: Map<string, PhpArray>;
  quote: "'" | '"';
}

export class PhpFormat implements TranslationFormat {
  readonly id = 'php';
  readonly name = 'PHP strings';
  readonly extensions = ['php'];
  readonly monolingual = true;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    return parseMonolingual(data, options, (file) => read(file).slots.map((slot) => slot.unit));
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const document = read(options.original ?? options.template ?? Buffer.from('<?php\n'));
    const { text, codec, arrays, quote } = document;
    const known = new Set(document.slots.map((slot) => slot.unit.id));
    const added = units.filter((unit) => !known.has(unit.id));
    const member = (unit: TranslationUnit): { array: PhpArray; key: string } | undefined => {
      const split = unit.context.lastIndexOf('->');
      const array = split > 0 ? arrays.get(unit.context.slice(0, split)) : undefined;
      return array && { array, key: unit.context.slice(split + 2) };
    };
    // Members of arrays the file has are added inside them; assignments and defines go at the end.
    const extra: TextEdit[] = added.flatMap((unit) => {
      const found = member(unit);
      if (!found) return [];
      const { array } = found;
      const at = lineStartBefore(text, array.close.start);
      const line = `${found.key} => ${encodePhp(unit.target[0] ?? '', quote)},`;
      const comma = array.openEnd === undefined ? [] : [{ start: array.openEnd, end: array.openEnd, text: ',' }];
      array.openEnd = undefined;
      return [...comma, { start: at, end: at, text: at === array.close.start ? `${line} ` : `${array.indent}${line}${codec.eol}` }];
    });
    const patched = rewriteEntries(document, units, {
      removable: true,
      rewrite: (unit, slot) => replaceValue(slot, encodePhp(unit.target[0] ?? '', slot.quote)),
      append: (all) => all.filter((unit) => !member(unit)).map((unit) => statement(unit, quote) + codec.eol).join(''),
    }, extra);
    return encodeText(patched, codec);
  }
}

function statement(unit: TranslationUnit, quote: "'" | '"'): string {
  const value = encodePhp(unit.target[0] ?? '', quote);
  if (unit.context.startsWith('define(')) return `${unit.context}, ${value});`;
  if (unit.context.includes('->')) throw new FormatError(`cannot add "${unit.context}": its array is not in the file`);
  // A bare key becomes a variable, as translate-toolkit's phpunit.setid does.
  return `${unit.context.startsWith('$') ? unit.context : `$${unit.context.replace(/ /g, '_')}`} = ${value};`;
}

function read(data: Buffer): PhpDocument {
  const codec = decodeText(data);
  const { text } = codec;
  const tokens = lexPhp(text);
  const slots: PhpSlot[] = [];
  const arrays = new Map<string, PhpArray>();
  let i = 0;

  const peek = (offset = 0): PhpToken | undefined => tokens[i + offset];
  const is = (token: PhpToken | undefined, value: string): boolean => token?.type === 'punct' && token.value === value;
  const fail = (what: string): never => {
    const token = peek();
    throw errorAt(text, token?.start ?? text.length, `expected ${what}`);
  };
  /** Comments right before the current token: the note of the entry starting there. */
  const takeComments = (): PhpToken[] => {
    const comments: PhpToken[] = [];
    while (peek()?.type === 'comment') comments.push(tokens[i++]);
    return comments;
  };
  const addUnit = (name: string, value: PhpToken, comments: PhpToken[], from: PhpToken, to: PhpToken): void => {
    const unit = keyedUnit(name, [value.value], { note: comments.map((comment) => comment.value).join('\n') });
    const range = wholeLines(text, (comments[0] ?? from).start, to.end);
    slots.push({ unit, ...range, valueStart: value.start, valueEnd: value.end, quote: value.quote! });
  };
  const skipTo = (...stops: string[]): void => {
    for (let depth = 0; i < tokens.length; i += 1) {
      const token = tokens[i];
      if (depth === 0 && token.type === 'punct' && stops.includes(token.value)) return;
      if (is(token, '(') || is(token, '[')) depth += 1;
      if (is(token, ')') || is(token, ']')) depth -= 1;
    }
  };
  const readArray = (prefix: string): void => {
    const bracket = is(peek(), '[');
    if (!bracket && !(peek()?.value === 'array' && is(peek(1), '('))) return fail('an array');
    i += bracket ? 1 : 2;
    const name = prefix + (bracket ? '[]' : '');
    const closing = bracket ? ']' : ')';
    let indent: string | undefined;
    for (;;) {
      const comments = takeComments();
      const first = peek();
      if (!first) return fail(`"${closing}"`);
      if (is(first, closing)) {
        const last = tokens.slice(0, i).reverse().find((token) => token.type !== 'comment')!;
        const openEnd = indent !== undefined && !is(last, ',') ? last.end : undefined;
        arrays.set(name, { close: first, indent: indent ?? `${indentAt(text, first.start)}    `, openEnd });
        i += 1;
        return;
      }
      indent ??= indentAt(text, first.start);
      const key = (first.type === 'string' || first.type === 'number') && is(peek(1), '=>') ? first : undefined;
      if (key) i += 2;
      const member = `${name}->${key?.type === 'string' ? `'${key.value}'` : (key?.value ?? '')}`;
      const value = peek();
      if (key && value?.type === 'string' && (is(peek(1), ',') || is(peek(1), closing))) {
        i += 1;
        const end = is(peek(), ',') ? tokens[i++] : value;
        addUnit(member, value, comments, first, end);
      } else if (key && (is(value, '[') || value?.value === 'array')) {
        readArray(member);
        if (is(peek(), ',')) i += 1;
      } else {
        skipTo(',', closing);
        if (is(peek(), ',')) i += 1;
      }
    }
  };

  while (i < tokens.length) {
    const comments = takeComments();
    const first = peek();
    if (!first) break;
    if (first.value === 'define' && is(peek(1), '(') && peek(2)?.type === 'string' && is(peek(3), ',') && peek(4)?.type === 'string') {
      const [, , key, , value] = tokens.slice(i, i + 5);
      i += 5;
      if (!is(peek(), ')')) fail('")"');
      i += 1;
      addUnit(`define(${text.slice(key.start, key.end)}`, value, comments, first, is(peek(), ';') ? peek()! : tokens[i - 1]);
    } else if (first.type === 'variable' || first.value === 'return') {
      let j = i + 1;
      while (j < tokens.length && !is(tokens[j], '=') && !is(tokens[j], ';') && !(first.value === 'return' && j > i)) j += 1;
      const name = tokens.slice(i, first.value === 'return' ? i + 1 : j).map((token) => text.slice(token.start, token.end)).join('');
      i = first.value === 'return' ? i + 1 : j + 1;
      const value = peek();
      if (value?.type === 'string' && is(peek(1), ';')) addUnit(name, value, comments, first, peek(1)!);
      else if (is(value, '[') || value?.value === 'array') readArray(name);
    }
    skipTo(';');
    i += 1;
  }
  numbered(slots.map((slot) => slot.unit));
  const close = text.lastIndexOf('?>');
  return { text, slots, appendAt: close === -1 ? text.length : close, codec, arrays, quote: slots[0]?.quote ?? "'" };
}
