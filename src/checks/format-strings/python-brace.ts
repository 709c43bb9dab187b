import { Check } from '../check';
import { formatStringCheck, FormatSyntax, placeholderListsDiffer } from './format-check';

/**
 * Weblate's pattern for str.format(): `}}` and `{{` are escaped braces; otherwise `{}` or
 * `{field.attr[key]!conversion:spec}`. Placeholders compare by the text between the braces ("" for `{}`).
 */
export const PYTHON_BRACE =
  /\}(\})|\{(\{)|\{((?:[0-9]+|[_A-Za-z][_0-9A-Za-z]*)(?:\.[_A-Za-z][_0-9A-Za-z]*|\[[^\]]+\])*(?:![rsa])?(?::.?[<>=^]?[+ -]?#?0?(?:[1-9][0-9]*)?,?(?:\.[1-9][0-9]*)?[bcdeEfFgGnosxX%]?)?|)\}/g;

function placeholders(text: string): string[] {
  return [...text.matchAll(PYTHON_BRACE)]
    .map((match) => match[1] || match[2] || match[3])
    .filter((placeholder) => placeholder !== '{' && placeholder !== '}');
}

/** A `{` or `}` outside any placeholder makes str.format() raise. */
function hasStrayBrace(text: string): boolean {
  return /[{}]/.test(text.replace(PYTHON_BRACE, ''));
}

const pythonBrace: FormatSyntax = {
  placeholders,
  differs: (source, target, ignoreMissing) =>
    hasStrayBrace(target) ||
    placeholderListsDiffer(placeholders(source), placeholders(target), (placeholder) => placeholder === '', ignoreMissing),
};

export const pythonBraceCheck: Check = formatStringCheck('python_brace_format', 'Python brace format', pythonBrace);
