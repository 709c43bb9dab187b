import { Check } from '../check';
import { formatStringCheck, FormatSyntax, placeholderListsDiffer } from './format-check';

/*
 * Weblate's printf patterns. The empty alternative keeps a lone `%` ("100%") as a placeholder of its own,
 * so dropping it is reported too. Each match yields the text after `%`: "s", "(name)s", "1$d", "%".
 */
export const PYTHON_PRINTF = /%((?:\([^)]+\))?(?:[ +#-]*(?:\d+)?(?:\.\d+)?(?:hh|h|l|ll)?[a-zA-Z%]|))/g;
export const C_PRINTF = /%((?:\d+\$)?(?:[ +#'-]*(?:\d+)?(?:\.\d+)?(?:hh|h|l|ll)?[a-zA-Z%]|))/g;
export const PHP_PRINTF = /%((?:\d+\$)?(?:[ +#-]*(?:\d+)?(?:\.\d+)?(?:hh|h|l|ll)?[a-zA-Z%]|))/g;
/** Java's date conversions take two letters (`%tY`), and `% d` is not a placeholder in Java. */
const JAVA_PRINTF = /%((?!\s)(?:\d+\$)?[-.#+0,(]*(?:\d+)?(?:\.\d+)?(?:(?<![tT])[tT][A-Za-z]|[A-Za-z]|%))/g;

/** `%s` and `%d` are filled in order; `%1$s` names its argument by number. */
function isOrderedUnlessNumbered(placeholder: string): boolean {
  return !placeholder.includes('$');
}

/** Python's `%(name)s` is filled by name; `%s` in order. */
function isOrderedUnlessNamed(placeholder: string): boolean {
  return !placeholder.includes('(');
}

function printfSyntax(pattern: RegExp, isPositional: (placeholder: string) => boolean): FormatSyntax {
  const placeholders = (text: string) =>
    [...text.matchAll(pattern)]
      // The `'` flag (thousands grouping) is locale-specific, so a translation may add or drop it.
      .map((match) => match[1].replace(/'/g, ''))
      // `%%` is an escaped percent sign, not an argument.
      .filter((placeholder) => placeholder !== '%');
  return {
    placeholders,
    differs: (source, target, ignoreMissing) =>
      placeholderListsDiffer(placeholders(source), placeholders(target), isPositional, ignoreMissing),
  };
}

export const printfChecks: readonly Check[] = [
  formatStringCheck('python_format', 'Python format', printfSyntax(PYTHON_PRINTF, isOrderedUnlessNamed)),
  formatStringCheck('c_format', 'C format', printfSyntax(C_PRINTF, isOrderedUnlessNumbered)),
  formatStringCheck('php_format', 'PHP format', printfSyntax(PHP_PRINTF, isOrderedUnlessNumbered)),
  formatStringCheck('java_printf_format', 'Java format', printfSyntax(JAVA_PRINTF, isOrderedUnlessNumbered)),
];
