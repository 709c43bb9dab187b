/**
 * Writes PO fields the way msgmerge/msgcat do, so regenerated entries look like their neighbours: lines of at most
 * 79 columns (77 characters between the quotes), a leading `msgid ""` when the string has inner newlines or does not
 * fit, breaks after `\n` and after spaces. gettext also breaks at other Unicode line-break opportunities and counts
 * wide characters as two columns; this writer does not, which only matters for lines it regenerates.
 */

const PAGE_WIDTH = 79;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\t': '\\t', '\r': '\\r', '\x07': '\\a', '\b': '\\b', '\f': '\\f', '\v': '\\v' };

function escapePo(value: string): string {
  return value.replace(/[\\"\n\t\r\x07\b\f\v]/g, (char) => ESCAPES[char]);
}

/** The lines of `keyword "value"`, wrapped. */
export function fieldLines(keyword: string, value: string): string[] {
  const portions = value.split(/(?<=\n)(?!$)/).map(escapePo);
  const single = `${keyword} "${portions.join('')}"`;
  if (portions.length === 1 && single.length <= PAGE_WIDTH) return [single];
  return [`${keyword} ""`, ...portions.flatMap((portion) => wrap(portion, PAGE_WIDTH - 2)).map((line) => `"${line}"`)];
}

/** Greedy fill breaking after spaces; a run without any break opportunity overflows, as in gettext. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let rest = text;
  while (rest.length > width) {
    let cut = rest.lastIndexOf(' ', width - 1) + 1;
    if (cut === 0) cut = rest.indexOf(' ', width) + 1;
    if (cut === 0 || cut === rest.length) break;
    lines.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  lines.push(rest);
  return lines;
}

/** `msgstr` lines for a translation: indexed forms whenever the message has a plural. */
export function msgstrLines(target: readonly string[], plural: boolean): string[] {
  if (!plural) return fieldLines('msgstr', target[0] ?? '');
  return target.flatMap((form, index) => fieldLines(`msgstr[${index}]`, form));
}

export function flagsLine(flags: readonly string[]): string[] {
  return flags.length > 0 ? [`#, ${flags.join(', ')}`] : [];
}

export interface NewPoEntry {
  notes: string[];
  references: string[];
  flags: string[];
  msgctxt?: string;
  msgid: string;
  msgidPlural?: string;
  previousMsgctxt?: string;
  previousMsgid?: string;
  previousMsgidPlural?: string;
  msgstr: string[];
}

function previousLines(keyword: string, value: string): string[] {
  return fieldLines(`#| ${keyword}`, value).map((line, index) => (index === 0 ? line : `#| ${line}`));
}

/** A complete entry in gettext's comment order, without a trailing line break. */
export function entryLines(entry: NewPoEntry): string[] {
  return [
    ...entry.notes.map((note) => (note ? `#. ${note}` : '#.')),
    ...(entry.references.length > 0 ? [`#: ${entry.references.join(' ')}`] : []),
    ...flagsLine(entry.flags),
    ...(entry.previousMsgctxt !== undefined ? previousLines('msgctxt', entry.previousMsgctxt) : []),
    ...(entry.previousMsgid ? previousLines('msgid', entry.previousMsgid) : []),
    ...(entry.previousMsgidPlural !== undefined ? previousLines('msgid_plural', entry.previousMsgidPlural) : []),
    ...(entry.msgctxt !== undefined ? fieldLines('msgctxt', entry.msgctxt) : []),
    ...fieldLines('msgid', entry.msgid),
    ...(entry.msgidPlural !== undefined ? fieldLines('msgid_plural', entry.msgidPlural) : []),
    ...msgstrLines(entry.msgstr, entry.msgidPlural !== undefined),
  ];
}
