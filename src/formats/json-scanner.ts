import { errorAt } from './text-codec';

/**
 * A JSON reader that remembers where every value sits in the text (JSON.parse does not), so serializers can replace a
 * single string in place. It also keeps member order exactly, numeric keys included, which plain objects do not.
 */

export interface JsonString {
  kind: 'string';
  start: number;
  end: number;
  value: string;
}
interface JsonLiteral {
  kind: 'literal';
  start: number;
  end: number;
  /** Numbers, booleans and null as written. */
  raw: string;
}
interface JsonMember {
  key: string;
  keyEnd: number;
  value: JsonNode;
}
export interface JsonObjectNode {
  kind: 'object';
  start: number;
  end: number;
  members: JsonMember[];
}
interface JsonArrayNode {
  kind: 'array';
  start: number;
  end: number;
  items: JsonNode[];
}
export type JsonNode = JsonString | JsonLiteral | JsonObjectNode | JsonArrayNode;

const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;

export function scanJson(text: string): JsonNode {
  let pos = 0;

  const skipSpace = (): void => {
    while (pos < text.length && ' \t\r\n'.includes(text[pos])) pos += 1;
  };
  const fail = (detail: string): never => {
    throw errorAt(text, pos, pos >= text.length ? `${detail}, found end of file` : detail);
  };
  const expect = (char: string): void => {
    skipSpace();
    if (text[pos] !== char) fail(`expected "${char}"`);
    pos += 1;
  };

  const readString = (): JsonString => {
    const start = pos;
    pos += 1;
    while (pos < text.length && text[pos] !== '"') {
      if (text.charCodeAt(pos) < 0x20) fail('control character in string');
      pos += text[pos] === '\\' ? 2 : 1;
    }
    if (pos >= text.length) {
      pos = start;
      fail('unterminated string');
    }
    pos += 1;
    try {
      return { kind: 'string', start, end: pos, value: JSON.parse(text.slice(start, pos)) as string };
    } catch {
      pos = start;
      return fail('invalid escape in string');
    }
  };

  const readValue = (): JsonNode => {
    skipSpace();
    const start = pos;
    const char = text[pos];
    if (char === '"') return readString();
    if (char === '{') {
      pos += 1;
      const members: JsonMember[] = [];
      skipSpace();
      if (text[pos] === '}') return { kind: 'object', start, end: ++pos, members };
      for (;;) {
        skipSpace();
        if (text[pos] !== '"') fail('expected a member name');
        const key = readString();
        const keyEnd = pos;
        expect(':');
        members.push({ key: key.value, keyEnd, value: readValue() });
        skipSpace();
        if (text[pos] === '}') return { kind: 'object', start, end: ++pos, members };
        expect(',');
      }
    }
    if (char === '[') {
      pos += 1;
      const items: JsonNode[] = [];
      skipSpace();
      if (text[pos] === ']') return { kind: 'array', start, end: ++pos, items };
      for (;;) {
        items.push(readValue());
        skipSpace();
        if (text[pos] === ']') return { kind: 'array', start, end: ++pos, items };
        expect(',');
      }
    }
    LITERAL.lastIndex = pos;
    const literal = LITERAL.exec(text);
    if (!literal) return fail('expected a JSON value');
    pos += literal[0].length;
    return { kind: 'literal', start, end: pos, raw: literal[0] };
  };

  const root = readValue();
  skipSpace();
  if (pos < text.length) fail('unexpected text after the JSON document');
  return root;
}

/** Every string value under a node, with its path, in document order. */
export function stringLeaves(node: JsonNode, path: (string | number)[] = []): { path: (string | number)[]; node: JsonString }[] {
  if (node.kind === 'string') return [{ path, node }];
  if (node.kind === 'object') return node.members.flatMap((member) => stringLeaves(member.value, [...path, member.key]));
  if (node.kind === 'array') return node.items.flatMap((item, index) => stringLeaves(item, [...path, index]));
  return [];
}
