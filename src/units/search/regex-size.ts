/**
 * How large a regular expression grows once PostgreSQL compiles it. Its engine copies what a counted repetition
 * repeats (`x{3}` is `xxx`, nested counts multiply), and the work per character of text grows with the states
 * that can be active at once: `(.*){255}(.*){255}N` costs about 1.5 ms per short string where a plain pattern
 * costs 2 µs, and 64 of them in one query keep a connection busy for minutes. So every atom (character, class,
 * escape) counts 1, `*`, `+` and `?` add one for their loop or skip, and `{n,m}` multiplies by its largest count
 * (n + 1 for `{n,}`). The pattern is one JavaScript accepted, so groups and classes are balanced.
 */
export function regexSize(pattern: string): number {
  const groups: Group[] = [{ done: 0, current: 0, last: 0 }];
  const top = () => groups[groups.length - 1];
  const atom = (size: number) => {
    top().current += size;
    top().last = size;
  };
  let index = 0;
  while (index < pattern.length) {
    const char = pattern[index];
    const repeat = char === '{' || char === '*' || char === '+' || char === '?' ? quantifierAt(pattern, index) : null;
    if (repeat) {
      const group = top();
      const repeated = group.last * repeat.copies + (repeat.loops ? 1 : 0);
      group.current += repeated - group.last;
      group.last = repeated;
      index += repeat.length;
      // A lazy quantifier (`*?`) repeats no differently.
      if (pattern[index] === '?') index++;
    } else if (char === '\\') {
      atom(1);
      index += 2;
    } else if (char === '[') {
      atom(1);
      index = afterClass(pattern, index);
    } else if (char === '(') {
      groups.push({ done: 0, current: 0, last: 0 });
      index += /^\(\?(?::|=|!|<=|<!)/.exec(pattern.slice(index, index + 4))?.[0].length ?? 1;
    } else if (char === ')') {
      const group = groups.pop()!;
      atom(group.done + group.current);
      index++;
    } else if (char === '|') {
      const group = top();
      group.done += group.current;
      group.current = 0;
      group.last = 0;
      index++;
    } else {
      // Anchors match no character and make no state worth counting.
      atom(char === '^' || char === '$' ? 0 : 1);
      index++;
    }
  }
  return top().done + top().current;
}

/** One level of parentheses: the alternatives before the last `|`, the current one, and its last element. */
interface Group {
  done: number;
  current: number;
  last: number;
}

function quantifierAt(pattern: string, index: number): { copies: number; loops: boolean; length: number } | null {
  const char = pattern[index];
  if (char !== '{') return { copies: 1, loops: true, length: 1 };
  const bound = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(index));
  if (!bound) return null;
  const [text, min, comma, max] = bound;
  const copies = !comma ? Number(min) : max ? Number(max) : Number(min) + 1;
  return { copies, loops: Boolean(comma) && !max, length: text.length };
}

/** The index after the class opened at `index`: its first unescaped `]` ends it, as in JavaScript. */
function afterClass(pattern: string, index: number): number {
  let at = index + 1;
  while (at < pattern.length && pattern[at] !== ']') at += pattern[at] === '\\' ? 2 : 1;
  return at + 1;
}
