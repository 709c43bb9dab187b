/**
 * Lines of `before` missing from `after`, and of `after` missing from `before`, counted with repetition: what an
 * edit changed, wherever in the file (unlike a single hunk, edits far apart do not take the lines between them).
 */
export function lineChanges(before: string, after: string): { removed: string[]; added: string[] } {
  const minus = (a: string[], b: string[]) => {
    const left = new Map<string, number>();
    b.forEach((line) => left.set(line, (left.get(line) ?? 0) + 1));
    return a.filter((line) => {
      const count = left.get(line) ?? 0;
      left.set(line, count - 1);
      return count <= 0;
    });
  };
  const [a, b] = [before.split('\n'), after.split('\n')];
  return { removed: minus(a, b), added: minus(b, a) };
}
