import RE2 from 're2';
import { Check, CheckContext } from './check';
import { Flags } from './flags';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One pattern for all the flag's placeholders: literals as they are, `r"…"` ones as regular expressions. The
 * patterns come from users, so they run on RE2, whose time is linear in the text: on JavaScript's engine
 * `r"(a|a)*b"` and a 34-character string would block the server for minutes.
 */
function placeholderPattern(flags: Flags): RE2 | undefined {
  const alternatives = flags
    .params('placeholders')
    .filter((param) => param.text !== '')
    .map((param) => (param.regex ? param.text : escapeRegExp(param.text)));
  if (!alternatives.length) return undefined;
  try {
    return new RE2(alternatives.join('|'), flags.has('case-insensitive') ? 'giu' : 'gu');
  } catch {
    // Refused where flags are stored (flagsProblem); one stored before that disables the check, not every save.
    return undefined;
  }
}

/** Why a flags string cannot be used, or null: each `r"…"` parameter must compile on RE2. */
export function regexFlagProblem(flags: string): string | null {
  for (const param of Flags.parse(flags).allParams()) {
    if (!param.regex) continue;
    try {
      new RE2(param.text, 'u');
    } catch (error) {
      return `Invalid regular expression r"${param.text}": ${(error as Error).message}.`;
    }
  }
  return null;
}

function placeholdersIn(text: string, pattern: RE2, foldCase: boolean): Set<string> {
  return new Set([...text.matchAll(pattern)].map(([found]) => (foldCase ? found.toLowerCase() : found)));
}

function placeholdersDiffer({ source, target, flags }: CheckContext): boolean {
  const pattern = placeholderPattern(flags);
  if (!pattern) return false;
  const foldCase = flags.has('case-insensitive');
  const plural = source.length > 1;
  let expected = placeholdersIn(source[0], pattern, foldCase);
  // The singular may spell out the number the plural has a placeholder for.
  if (!expected.size && plural) expected = placeholdersIn(source[source.length - 1], pattern, foldCase);
  return target.some((form, index) => {
    const found = placeholdersIn(form, pattern, foldCase);
    const extra = [...found].some((placeholder) => !expected.has(placeholder));
    // Weblate lets the first plural form ("one") drop the count placeholder.
    const mayDrop = plural && index === 0;
    const missing = !mayDrop && [...expected].some((placeholder) => !found.has(placeholder));
    return extra || missing;
  });
}

/** Flag `placeholders:$NAME$:r"%\w+%"`: every placeholder of the source must appear in the translation. */
export const placeholdersCheck: Check = {
  id: 'placeholders',
  name: 'Placeholders',
  optIn: true,
  run: placeholdersDiffer,
};
