import { anyForm, Check, mismatchAt } from './check';

/** One-character strings are usually decimal or thousands separators, where spacing is the whole point. */
function isSeparator(source: string, target: string): boolean {
  return source.length <= 1 && target.length <= 1;
}

/** A translation made only of spaces is deliberate. */
function isOnlySpaces(text: string): boolean {
  return /^ *$/.test(text);
}

function leadingSpaces(text: string): number {
  return text.length - text.replace(/^ +/, '').length;
}

function trailingSpaces(text: string): number {
  return text.length - text.replace(/ +$/, '').length;
}

function countOf(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

export const whitespaceChecks: readonly Check[] = [
  {
    id: 'begin_newline',
    name: 'Starting newline',
    run: (context) => anyForm(context, (source, target) => mismatchAt(source, target, 0, ['\n'])),
  },
  {
    id: 'end_newline',
    name: 'Trailing newline',
    run: (context) => anyForm(context, (source, target) => mismatchAt(source, target, -1, ['\n'])),
  },
  {
    id: 'begin_space',
    name: 'Starting spaces',
    run: (context) =>
      anyForm(context, (source, target) => {
        if (isSeparator(source, target) || isOnlySpaces(target)) return false;
        return leadingSpaces(source) !== leadingSpaces(target);
      }),
  },
  {
    id: 'end_space',
    name: 'Trailing space',
    run: (context) =>
      anyForm(context, (source, target) => {
        if (isSeparator(source, target) || !source || isOnlySpaces(target)) return false;
        return trailingSpaces(source) !== trailingSpaces(target);
      }),
  },
  {
    id: 'double_space',
    name: 'Double space',
    run: (context) =>
      anyForm(context, (source, target) => {
        if (isSeparator(source, target) || !source || source.includes('  ')) return false;
        return target.includes('  ');
      }),
  },
  {
    id: 'escaped_newline',
    name: 'Mismatched \\n',
    run: (context) =>
      anyForm(context, (source, target) => {
        if (!source || !target) return false;
        return countOf(source, '\\n') !== countOf(target, '\\n');
      }),
  },
];
