/**
 * Keys of nested JSON and YAML files are flattened the way translate-toolkit (and so Weblate ≥ 4.2) does: object
 * members joined with ".", array items as "[index]" — `menu.items[0].label`.
 */

export type PathSegment = string | number;

export function joinKeyPath(path: readonly PathSegment[]): string {
  let key = '';
  for (const segment of path) {
    key += typeof segment === 'number' ? `[${segment}]` : key === '' ? segment : `.${segment}`;
  }
  return key;
}

/** Inverse of joinKeyPath for keys of new units; a literal dot in a member name cannot be told apart and splits. */
export function splitKeyPath(key: string): PathSegment[] {
  const path: PathSegment[] = [];
  for (const part of key.split('.')) {
    const match = /^(.*?)((?:\[\d+\])+)$/.exec(part);
    if (!match) {
      path.push(part);
      continue;
    }
    if (match[1] !== '') path.push(match[1]);
    for (const index of match[2].slice(1, -1).split('][')) path.push(Number(index));
  }
  return path;
}

/** Orders keys as Python sorts strings, by code point (JavaScript's `<` compares UTF-16 units, which differs past U+FFFF). */
export function compareCodePoints(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
