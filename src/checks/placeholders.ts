import { Check, CheckContext } from './check';
import { Flags } from './flags';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** One pattern for all the flag's placeholders: literals as they are, `r"…"` ones as regular expressions. */
function placeholderPattern(flags: Flags): RegExp | undefined {
  const alternatives = flags
    .params('placeholders')
    .filter((param) => param.text !== '')
    .map((param) => (param.regex ? param.text : escapeRegExp(param.text)));
  if (!alternatives.length) return undefined;
  try {
    return new RegExp(alternatives.join('|'), flags.has('case-insensitive') ? 'gi' : 'g');
  } catch {
    // A regex JavaScript cannot compile (Python-only syntax) disables the check rather than every save.
    return undefined;
  }
}

function placeholdersIn(text: string, pattern: RegExp, foldCase: boolean): Set<string> {
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
