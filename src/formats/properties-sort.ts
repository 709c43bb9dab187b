import { compareCodePoints } from './key-path';
import { readProperties } from './properties';
import { encodeText } from './text-codec';

/** `\uxxxx` escapes (not an escaped backslash followed by `u`). */
const UNICODE_ESCAPE = /(?<!\\)((?:\\\\)*)\\u([0-9a-fA-F]{4})/g;

/**
 * A Java properties file formatted as Weblate's "Format the Java properties file" add-on does, or null when it
 * already is: entries sorted by key (ignoring case unless `caseSensitive`; a stable sort, so duplicates keep their
 * order), blank lines between entries dropped, `\uXXXX` escapes in upper case. Weblate also drops every comment;
 * here an entry takes the comment lines above it along, and the comment heading the file stays on top.
 */
export function sortProperties(data: Buffer, caseSensitive: boolean): Buffer | null {
  const { text, slots, codec } = readProperties(data);
  if (slots.length === 0) return null;
  const keyOf = (key: string) => (caseSensitive ? key : key.toLowerCase());
  const entries = slots.map((slot, index) => {
    const gap = index === 0 ? '' : text.slice(slots[index - 1].end, slot.start);
    const comments = gap.split(/(?<=\n)/).filter((line) => line.trim() !== '').join('');
    const entry = text.slice(slot.start, slot.end);
    return { key: keyOf(slot.unit.context), text: comments + (entry.endsWith('\n') ? entry : entry + codec.eol) };
  });
  entries.sort((a, b) => compareCodePoints(a.key, b.key));
  const tail = text.slice(slots[slots.length - 1].end);
  let sorted = text.slice(0, slots[0].start) + entries.map((entry) => entry.text).join('') + tail;
  // A file that did not end with a line break still does not.
  if (tail === '' && !text.endsWith('\n')) sorted = sorted.slice(0, -codec.eol.length);
  sorted = sorted.replace(UNICODE_ESCAPE, (_, backslashes: string, hex: string) => `${backslashes}\\u${hex.toUpperCase()}`);
  return sorted === text ? null : encodeText(sorted, codec);
}
