import { lexPo } from '../../formats/po-lexer';
import { sniffCharset } from '../../formats/po-catalog';
import { decodeText, encodeText, encodingForCharset } from '../../formats/text-codec';

/** Someone who changed strings of a translation, and the years they did. */
export interface Contributor {
  name: string;
  email: string;
  years: readonly number[];
}

/** translate-toolkit's author_re: a line naming an e-mail address and a year. */
const AUTHOR_LINE = /<\S+@\S+>.*\d{4}/;
/** What xgettext and msginit put where the authors go. */
const PLACEHOLDER = 'FIRST AUTHOR <EMAIL@ADDRESS>, YEAR.';

/**
 * The PO file with its header comment crediting `contributors`, as Weblate's GettextAuthorComments does with
 * translate-toolkit's updatecontributor: a `# Name <email>, YEAR.` line for each one not listed yet (after the
 * authors already listed, in place of the FIRST AUTHOR placeholder), and the missing years added to the line of one
 * who is. Null when nothing changes or the file has no header; everything but the author lines is left as it was.
 */
export function updateAuthorComments(data: Buffer, contributors: readonly Contributor[]): Buffer | null {
  if (contributors.length === 0) return null;
  const codec = decodeText(data, encodingForCharset(sniffCharset(data)));
  const { text, lineStarts, entries } = lexPo(codec.text);
  const header = entries[0]?.msgid === '' && entries[0].msgctxt === undefined ? entries[0] : undefined;
  if (!header) return null;
  // The header is the first entry: every line before its msgid is its comment (blank lines do not end it for gettext).
  const lines = text.slice(0, lineStarts[header.headLine]).split('\n').slice(0, -1).map((line) => line.replace(/\r$/, ''));
  const updated = creditedLines(lines, contributors);
  if (updated === null) return null;
  const comment = updated.map((line) => line + codec.eol).join('');
  return encodeText(comment + text.slice(lineStarts[header.headLine]), codec);
}

function creditedLines(lines: readonly string[], contributors: readonly Contributor[]): string[] | null {
  const isTranslatorComment = (line: string) => /^#([ \t]|$)/.test(line);
  const isAuthorLine = (line: string) => isTranslatorComment(line) && (AUTHOR_LINE.test(line) || line.slice(1).trim() === PLACEHOLDER);
  // The authors are the first run of author lines; without one they go after the last comment with text.
  let start = lines.findIndex(isAuthorLine);
  let end = start;
  if (start === -1) {
    start = end = lines.findLastIndex((line) => isTranslatorComment(line) && line.slice(1).trim() !== '') + 1;
  } else {
    while (end < lines.length && isAuthorLine(lines[end])) end += 1;
  }
  const authors = lines.slice(start, end).filter((line) => line.slice(1).trim() !== PLACEHOLDER);
  for (const contributor of contributors) {
    const name = oneLine(contributor.name);
    const email = oneLine(contributor.email);
    const years = [...new Set(contributor.years)].sort((a, b) => a - b);
    const listed = authors.findIndex((line) => line.toLowerCase().includes(`<${email.toLowerCase()}>`));
    if (listed === -1) {
      authors.push(`# ${name} <${email}>, ${years.join(', ')}.`);
      continue;
    }
    const missing = years.filter((year) => !authors[listed].includes(String(year)));
    if (missing.length > 0) authors[listed] = `${authors[listed].replace(/\.?\s*$/, '')}, ${missing.join(', ')}.`;
  }
  const updated = [...lines.slice(0, start), ...authors, ...lines.slice(end)];
  return updated.length === lines.length && updated.every((line, index) => line === lines[index]) ? null : updated;
}

/** A name is written on one comment line: line breaks in it would end the comment. */
function oneLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ').trim();
}
