/** The autoconf scripts Weblate's UpdateConfigureAddon looks for, at the root of the repository. */
export const CONFIGURE_FILES = ['configure', 'configure.in', 'configure.ac'] as const;

/**
 * An `ALL_LINGUAS="..."` assignment at the start of a line (indentation allowed, so not a comment); the value may
 * span lines, up to its closing quote.
 */
const ALL_LINGUAS = /^([ \t]*ALL_LINGUAS=")([^"]*)(")/gm;

/**
 * The script with every `ALL_LINGUAS="..."` listing exactly `codes`, sorted and separated by spaces, as Weblate's
 * sync_linguas writes it; null when it already does or assigns no such variable. Bytes are handled as latin1, so
 * the rest of a script in any encoding comes back unchanged.
 */
export function updateAllLinguas(data: Buffer, codes: readonly string[]): Buffer | null {
  const text = data.toString('latin1');
  const expected = [...new Set(codes)].sort().join(' ');
  let changed = false;
  const updated = text.replace(ALL_LINGUAS, (_match, head: string, value: string, quote: string) => {
    if (value !== expected) changed = true;
    return head + expected + quote;
  });
  return changed ? Buffer.from(updated, 'latin1') : null;
}
