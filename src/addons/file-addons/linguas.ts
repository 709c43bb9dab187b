import { posix } from 'node:path';

/**
 * Where a gettext component's LINGUAS file is (Weblate's UpdateLinguasAddon.get_linguas_path): beside the template
 * for new translations, or beside the files the mask names.
 */
export function linguasPath(filemask: string, newBase: string): string {
  const dir = posix.dirname(newBase || filemask.replace('*', 'x'));
  return dir === '.' ? 'LINGUAS' : `${dir}/LINGUAS`;
}

/**
 * LINGUAS listing exactly `codes`, keeping its comments and its layout (one code per line, or all on one line), as
 * Weblate's update_linguas does; null when it already does.
 */
export function updateLinguas(text: string, codes: readonly string[]): string | null {
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const missing = new Set(codes);
  const kept: string[] = [];
  let changed = false;
  for (const line of lines) {
    const stripped = line.split('#', 1)[0].trim();
    if (!stripped) {
      kept.push(line);
      continue;
    }
    if (/\s/.test(stripped)) {
      // All languages on one line: it becomes the sorted list, and the one-per-line entries go.
      const expected = [...codes].sort().join(' ');
      if (stripped !== expected) changed = true;
      kept.push(expected + line.slice(line.indexOf(stripped) + stripped.length));
      missing.clear();
      continue;
    }
    if (missing.delete(stripped)) kept.push(line);
    else changed = true;
  }
  if (missing.size > 0) {
    changed = true;
    kept.push(...[...missing].sort());
  }
  return changed ? `${kept.join('\n')}\n` : null;
}
