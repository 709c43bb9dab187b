import { TextEdit, applyEdits, lineStartBefore } from './rewrite';
import { FormatError } from './translation-format';
import { XmlElement, elements, escapeXmlAttribute, escapeXmlText, parseXml } from './xml-scanner';

/**
 * Editing helpers shared by the XML formats. A unit string may hold inline markup (`<b>`, `<g id="1">`, `<ph/>`):
 * markup is part of the string and kept verbatim, the text around it is escaped/unescaped by the format's rules.
 */

/** Element content as a unit string; `decode` turns a (XML-decoded) text run into string content. */
export function readMixed(text: string, element: XmlElement, decode: (value: string, whole: boolean) => string = (value) => value): string {
  if (!element.children.some((child) => child.kind === 'element')) {
    return decode(element.children.map((child) => (child.kind === 'text' || child.kind === 'cdata' ? child.value : '')).join(''), true);
  }
  return element.children
    .map((child) => (child.kind === 'text' ? escapeXmlText(decode(child.value, false)) : text.slice(child.start, child.end)))
    .join('');
}

/** Element content for a unit string: markup kept when the string is well-formed XML with tags, escaped otherwise. */
export function writeMixed(value: string, encode: (value: string, whole: boolean) => string = (value) => value): string {
  const markup = /[<&]/.test(value) ? inlineMarkup(value) : undefined;
  if (!markup) return escapeXmlText(encode(value, true));
  return markup.root.children
    .map((child) => (child.kind === 'text' ? escapeXmlText(encode(child.value, false)) : markup.text.slice(child.start, child.end)))
    .join('');
}

function inlineMarkup(value: string): { text: string; root: XmlElement } | undefined {
  const text = `<string>${value}</string>`;
  try {
    const { root } = parseXml(text);
    return root.children.some((child) => child.kind === 'element') ? { text, root } : undefined;
  } catch (error) {
    if (error instanceof FormatError) return undefined;
    throw error;
  }
}

/** New content for an element; `<empty/>` becomes a start/end tag pair. */
export function replaceContent(text: string, element: XmlElement, content: string): TextEdit {
  if (!element.selfClosing) return { start: element.openEnd, end: element.closeStart, text: content };
  const open = text.slice(element.start, element.end).replace(/\s*\/>$/, '>');
  return { start: element.start, end: element.end, text: `${open}${content}</${element.name}>` };
}

/** Sets (string) or removes (undefined) attributes in place; other attributes and their quoting stay as written. */
export function setAttributes(text: string, element: XmlElement, changes: Record<string, string | undefined>): TextEdit[] {
  const edits: TextEdit[] = [];
  const added: string[] = [];
  for (const [name, value] of Object.entries(changes)) {
    const current = element.attributes.find((attribute) => attribute.name === name);
    if (current && value === undefined) {
      const start = text.lastIndexOf(name, current.valueStart);
      edits.push({ start: /\s/.test(text[start - 1]) ? start - 1 : start, end: current.valueEnd + 1, text: '' });
    } else if (current && value !== current.value) {
      edits.push({ start: current.valueStart, end: current.valueEnd, text: escapeXmlAttribute(value!) });
    } else if (!current && value !== undefined) {
      added.push(` ${name}="${escapeXmlAttribute(value)}"`);
    }
  }
  if (added.length > 0) {
    const at = element.name.length + element.start + 1;
    edits.push({ start: at, end: at, text: added.join('') });
  }
  return edits;
}

/** Where lines go that belong inside an element: the start of the line holding its end tag. */
export function insertionPoint(text: string, element: XmlElement): number {
  return lineStartBefore(text, element.closeStart);
}

/** New content and attributes for an element in one go (a self-closing element is expanded). */
export function rewriteElement(text: string, element: XmlElement, changes: Record<string, string | undefined>, content: string): TextEdit[] {
  const tag = setAttributes(text, element, changes);
  if (!element.selfClosing) return [...tag, replaceContent(text, element, content)];
  const shifted = tag.map((edit) => ({ ...edit, start: edit.start - element.start, end: edit.end - element.start }));
  const open = applyEdits(text.slice(element.start, element.end), shifted).replace(/\s*\/>$/, '>');
  return [{ start: element.start, end: element.end, text: `${open}${content}</${element.name}>` }];
}

/** Elements with the given name anywhere below `parent` (through groups), in document order. */
export function descendants(parent: XmlElement, name: string): XmlElement[] {
  return elements(parent).flatMap((child) => (child.name === name ? [child] : descendants(child, name)));
}
