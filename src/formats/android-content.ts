import { escapeAndroid, unescapeAndroid } from './android-escape';
import { readMixed, writeMixed } from './xml-edit';
import { XmlElement } from './xml-scanner';

/**
 * The content of an Android `<string>`/`<item>` element as a unit string and back: Android escaping around inline
 * markup, and CDATA kept as CDATA.
 */

export function readContent(text: string, element: XmlElement): string {
  return readMixed(text, element, unescapeAndroid);
}

/** Element content for a value; `original` is the element it replaces, whose CDATA wrapping is kept. */
export function writeContent(value: string, original?: XmlElement): string {
  const only = original?.children.length === 1 ? original.children[0] : undefined;
  if (only?.kind === 'cdata') return `<![CDATA[${escapeAndroid(value).replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
  return writeMixed(value, escapeAndroid);
}
