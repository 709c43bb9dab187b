/**
 * Android string resource escaping (aapt rules, as translate-toolkit's aresource applies them): whitespace runs
 * collapse to one space outside double quotes, quotes group text and disappear, backslash escapes \n \t \' \" \@ \?
 * \\ \uXXXX, other escaped characters are dropped.
 */

const ESCAPED: Record<string, string> = { n: '\n', N: '\n', t: '\t', T: '\t', "'": "'", '"': '"', '@': '@', '?': '?', '\\': '\\', ' ': ' ' };

/** `strip` trims the leading and trailing space, as for a whole string (not for text between inline tags). */
export function unescapeAndroid(text: string, strip = true): string {
  let out = '';
  let quoted = false;
  let space = false;
  const flushSpace = (): void => {
    if (space && (out !== '' || !strip)) out += ' ';
    space = false;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '\\') {
      const next = text[i + 1];
      i += 1;
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) {
        flushSpace();
        out += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
        i += 4;
      } else if (next === 'n' || next === 'N') {
        // A real line break before an escaped one is layout, not content (translate-toolkit writes "\n\\n").
        space = false;
        out += '\n';
      } else if (next !== undefined && next in ESCAPED) {
        flushSpace();
        out += ESCAPED[next];
      }
    } else if (char === '"') {
      flushSpace();
      quoted = !quoted;
    } else if (!quoted && (char === ' ' || char === '\n' || char === '\t' || char === '\r')) {
      space = true;
    } else {
      flushSpace();
      out += char;
    }
  }
  if (!strip) flushSpace();
  return out;
}

/**
 * The inverse, before XML escaping. With `quoteWhitespace`, strings with leading/trailing or repeated spaces are
 * wrapped in double quotes so aapt keeps them; between inline tags repeated spaces become "\u0020" instead.
 */
export function escapeAndroid(text: string, quoteWhitespace = true): string {
  if (text === '') return '';
  let escaped = text
    .replace(/\\/g, '\\\\')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    .replace(/'/g, "\\'")
    .replace(/"/g, '\\"');
  // aapt reads a leading @ or ? as a resource reference.
  if (escaped.startsWith('@') || escaped.startsWith('?')) escaped = `\\${escaped}`;
  const repeated = / {2}/.test(escaped);
  if (quoteWhitespace && (/^\s|\s$/.test(text) || repeated)) return `"${escaped}"`;
  return repeated ? escaped.replace(/ {2}/g, ' \\u0020') : escaped;
}
