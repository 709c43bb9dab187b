import RE2 from 're2';
import { anyForm, Check, isUpperCase } from './check';
import { Flags } from './flags';
import { C_PRINTF, PHP_PRINTF, PYTHON_PRINTF } from './format-strings/printf';
import { PYTHON_BRACE } from './format-strings/python-brace';

/*
 * Weblate's patterns for the parts of a string nobody translates. They run on the lower-cased source, so
 * a string made only of these (a URL, "%s: %d", "user@example.com") may stay unchanged. They run on RE2:
 * on JavaScript's backtracking engine the e-mail and domain patterns take quadratic time on long strings
 * without a match (about 70 s for 200 000 characters); RE2's time is linear.
 */
const MARKUP = new RE2('<[^>]*>', 'gu');
const EMAIL = new RE2('[a-z0-9_.-]+@[a-z0-9_.-]+\\.[a-z0-9-]{2,}', 'gu');
const URL = new RE2('(?:http|ftp)s?://\\S+', 'gu');
const HASHTAG = new RE2('#[a-z0-9_-]*', 'gu');
const DOMAIN = new RE2('(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+(?:[a-z]{2,6}\\.?|[a-z0-9-]{2,}\\.?)', 'gu');
const PATH = new RE2('(^|[ ])(/[a-z0-9=:?._-]+)+', 'gu');
const TEMPLATE = new RE2('\\{[a-z_-]+\\}|@[a-z_]@', 'gu');
const WORD_SEPARATORS =
  /(?:&(?:nbsp|rsaquo|lt|gt|amp|ldquo|rdquo|times|quot);|[() ,.^`"'\\/_<>!?;:|{}*@%#&~=+\r\n✓—‑…[\]0-9-])+/;

const FORMAT_PATTERNS: ReadonlyArray<[flag: string, pattern: RegExp]> = [
  ['python-format', PYTHON_PRINTF],
  ['python-brace-format', PYTHON_BRACE],
  ['php-format', PHP_PRINTF],
  ['c-format', C_PRINTF],
];

function stripUntranslated(text: string, flags: Flags): string {
  const format = FORMAT_PATTERNS.find(([flag]) => flags.has(flag));
  let stripped = text.replace(MARKUP, '');
  if (format) stripped = stripped.replace(format[1], '');
  for (const pattern of [EMAIL, URL, HASHTAG, DOMAIN, PATH, TEMPLATE]) stripped = stripped.replace(pattern, '');
  return stripped;
}

/** Numbers, ratios, copyright lines and strings whose words are all one or two letters ("OK", "ID: %d"). */
function needsNoTranslation(source: string, flags: Flags): boolean {
  const lower = source.toLowerCase();
  if (source.replace(/^[0-9:/,.]+|[0-9:/,.]+$/g, '').length <= 1) return true;
  if (lower.includes('(c) copyright') || source.includes('©')) return true;
  const stripped = stripUntranslated(lower, flags);
  return stripped.length <= 1 || stripped.split(WORD_SEPARATORS).every((word) => word.length <= 2);
}

/** The flag `strict-same` turns off the exceptions and reports every unchanged string. */
export const sameCheck: Check = {
  id: 'same',
  name: 'Unchanged translation',
  run: (context) =>
    anyForm(context, (source, target) => {
      // The exceptions below cost regular expressions: they are asked only of strings left unchanged.
      if (target.trim() === '' || source.trim() !== target.trim()) return false;
      // Single characters are usually labels or separators.
      if (source.length <= 1 && target.length <= 1) return false;
      // Probably a keyboard shortcut or an acronym.
      if (isUpperCase(source) && isUpperCase(target)) return false;
      return context.flags.has('strict-same') || !needsNoTranslation(source, context.flags);
    }),
};
