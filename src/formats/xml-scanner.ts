import { XMLValidator } from 'fast-xml-parser';
import { errorAt } from './text-codec';
import { FormatError } from './translation-format';

/**
 * An XML reader for translation files that keeps the offset of every element, so serializers can patch one string and
 * copy the rest of the file byte for byte (fast-xml-parser's tree has no end offsets). fast-xml-parser's validator
 * checks well-formedness first and reports line and column.
 *
 * Safety: entities are never expanded. Only the five predefined entities and character references are decoded; any
 * DOCTYPE declaring entities is refused (billion laughs, external entities), and other references are errors.
 */

interface XmlAttribute {
  name: string;
  value: string;
  valueStart: number;
  valueEnd: number;
}
export interface XmlElement {
  kind: 'element';
  name: string;
  attributes: XmlAttribute[];
  start: number;
  /** After the `>` of the start tag. */
  openEnd: number;
  /** At the `<` of the end tag (equal to `openEnd` and `end` for `<empty/>`). */
  closeStart: number;
  end: number;
  selfClosing: boolean;
  children: XmlNode[];
}
interface XmlLeaf {
  kind: 'text' | 'cdata' | 'comment' | 'pi' | 'doctype';
  start: number;
  end: number;
  /** Decoded text for text nodes, content for CDATA and comments. */
  value: string;
}
type XmlNode = XmlElement | XmlLeaf;

export interface XmlDocument {
  text: string;
  root: XmlElement;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[^\s/>=]+/y;
const ATTRIBUTE = /\s*([^\s/>=]+)\s*=\s*("([^"]*)"|'([^']*)')/y;

export function parseXml(text: string): XmlDocument {
  rejectEntityDeclarations(text);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) throw new FormatError(valid.err.msg, valid.err.line, valid.err.col);

  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let pos = 0;
  const add = (node: XmlNode): void => {
    stack[stack.length - 1]?.children.push(node);
  };
  const until = (marker: string, from: number): number => {
    const found = text.indexOf(marker, from);
    if (found === -1) throw errorAt(text, from, `missing "${marker}"`);
    return found + marker.length;
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    const textEnd = lt === -1 ? text.length : lt;
    if (textEnd > pos) add({ kind: 'text', start: pos, end: textEnd, value: decodeXml(text, pos, textEnd) });
    if (lt === -1) break;
    if (text.startsWith('<!--', lt)) {
      pos = until('-->', lt + 4);
      add({ kind: 'comment', start: lt, end: pos, value: text.slice(lt + 4, pos - 3) });
    } else if (text.startsWith('<![CDATA[', lt)) {
      pos = until(']]>', lt + 9);
      add({ kind: 'cdata', start: lt, end: pos, value: text.slice(lt + 9, pos - 3) });
    } else if (text.startsWith('<?', lt)) {
      pos = until('?>', lt + 2);
      add({ kind: 'pi', start: lt, end: pos, value: text.slice(lt + 2, pos - 2) });
    } else if (text.startsWith('<!', lt)) {
      const subset = text.indexOf('[', lt);
      const close = text.indexOf('>', lt);
      pos = subset !== -1 && subset < close ? until('>', until(']', subset)) : until('>', lt);
      add({ kind: 'doctype', start: lt, end: pos, value: text.slice(lt, pos) });
    } else if (text[lt + 1] === '/') {
      const element = stack.pop();
      pos = until('>', lt);
      if (!element) throw errorAt(text, lt, 'unexpected end tag');
      element.closeStart = lt;
      element.end = pos;
    } else {
      const element = readStartTag(text, lt);
      pos = element.openEnd;
      if (!root) root = element;
      else if (stack.length === 0) throw errorAt(text, lt, 'more than one root element');
      add(element);
      if (!element.selfClosing) stack.push(element);
    }
  }
  if (!root) throw new FormatError('no root element');
  return { text, root };
}

function readStartTag(text: string, lt: number): XmlElement {
  NAME.lastIndex = lt + 1;
  const name = NAME.exec(text)![0];
  let pos = NAME.lastIndex;
  const attributes: XmlAttribute[] = [];
  for (;;) {
    ATTRIBUTE.lastIndex = pos;
    const match = ATTRIBUTE.exec(text);
    if (!match) break;
    const valueStart = ATTRIBUTE.lastIndex - match[2].length + 1;
    const valueEnd = ATTRIBUTE.lastIndex - 1;
    attributes.push({ name: match[1], value: decodeXml(text, valueStart, valueEnd), valueStart, valueEnd });
    pos = ATTRIBUTE.lastIndex;
  }
  const close = text.indexOf('>', pos);
  const selfClosing = text[close - 1] === '/';
  const end = close + 1;
  return { kind: 'element', name, attributes, start: lt, openEnd: end, closeStart: end, end, selfClosing, children: [] };
}

/** A DOCTYPE may name a DTD (never fetched) but may not declare entities: those are how expansion attacks work. */
function rejectEntityDeclarations(text: string): void {
  const declaration = text.search(/<!ENTITY/i);
  if (declaration !== -1) throw errorAt(text, declaration, 'entity declarations are not allowed');
}

function decodeXml(text: string, start: number, end: number): string {
  const raw = text.slice(start, end);
  if (!raw.includes('&')) return raw;
  return raw.replace(/&([^;\s&]*);?/g, (match, name: string, offset: number) => {
    if (match.endsWith(';')) {
      if (name in PREDEFINED) return PREDEFINED[name];
      const code = /^#x([0-9a-f]+)$/i.exec(name)?.[1] ?? /^#([0-9]+)$/.exec(name)?.[1];
      if (code !== undefined) return String.fromCodePoint(parseInt(code, name[1] === 'x' || name[1] === 'X' ? 16 : 10));
    }
    throw errorAt(text, start + offset, `undefined entity "${match}"`);
  });
}

/** Control characters XML 1.0 cannot carry, even escaped; stored strings may hold them, exported files must not. */
export function withoutXmlInvalidCharacters(value: string): string {
  return value.replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '');
}

export function escapeXmlText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Tabs and line breaks as character references: XML readers turn literal ones in attribute values into spaces. */
export function escapeXmlAttribute(value: string): string {
  return escapeXmlText(value).replace(/"/g, '&quot;').replace(/[\t\n\r]/g, (blank) => `&#${blank.charCodeAt(0)};`);
}

export function attribute(element: XmlElement, name: string): string | undefined {
  return element.attributes.find((candidate) => candidate.name === name)?.value;
}

export function elements(parent: XmlElement, name?: string): XmlElement[] {
  return parent.children.filter((child): child is XmlElement => child.kind === 'element' && (name === undefined || child.name === name));
}

/** Concatenated text and CDATA of an element and its descendants. */
export function textContent(element: XmlElement): string {
  return element.children.map((child) => (child.kind === 'element' ? textContent(child) : child.kind === 'text' || child.kind === 'cdata' ? child.value : '')).join('');
}
