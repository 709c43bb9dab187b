/**
 * A component's file mask, e.g. `po/*.po` or `res/values-*\/strings.xml`: `*` stands for the language code.
 * Matching is done on paths relative to the repository root with `/` separators.
 */
export class Filemask {
  private readonly pattern: RegExp;

  constructor(readonly mask: string) {
    const [before, after] = mask.split('*');
    this.pattern = new RegExp(`^${escape(before)}([^/]+?)${escape(after ?? '')}$`);
  }

  /** The language code in a path, or null when the path does not match the mask. */
  codeOf(path: string): string | null {
    return this.pattern.exec(path)?.[1] ?? null;
  }

  pathFor(code: string): string {
    return this.mask.replace('*', code);
  }
}

function escape(text: string): string {
  return text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
}
