/**
 * Weblate's flag syntax: `name`, `name:param`, `name:param:param`, separated by commas. A parameter is
 * bare text, a quoted string ('…' or "…", backslash escapes the quote) or a regular expression `r"…"`.
 * A flag given twice keeps its last parameters, as Weblate does when it merges flag sources.
 */
export interface FlagParam {
  text: string;
  /** Written as r"…": the text is a regular expression, not a literal. */
  regex: boolean;
}

export class Flags {
  private constructor(private readonly entries: ReadonlyMap<string, readonly FlagParam[]>) {}

  static parse(flags: string): Flags {
    return new Flags(new FlagReader(flags).readAll());
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  params(name: string): readonly FlagParam[] {
    return this.entries.get(name) ?? [];
  }

  /** Every parameter of every flag, for validating them. */
  allParams(): FlagParam[] {
    return [...this.entries.values()].flat();
  }

  /** The first parameter of a single-value flag such as `max-length:80`. */
  value(name: string): string | undefined {
    return this.params(name)[0]?.text;
  }

  /** These flags with `other`'s added; a flag both have takes `other`'s parameters (Weblate's Flags.merge). */
  merge(other: Flags): Flags {
    return new Flags(new Map([...this.entries, ...other.entries]));
  }

  /** These flags without those `other` names, whatever their parameters (Weblate's Flags.remove). */
  without(other: Flags): Flags {
    return new Flags(new Map([...this.entries].filter(([name]) => !other.has(name))));
  }

  /** Written back in the syntax `parse` reads, in order: `name`, `name:param`, quoted where a parameter needs it. */
  format(): string {
    return [...this.entries].map(([name, params]) => [name, ...params.map(formatParam)].join(':')).join(', ');
  }

  toMap(): Map<string, string | true> {
    const map = new Map<string, string | true>();
    for (const [name, params] of this.entries) {
      map.set(name, params.length ? params.map((param) => param.text).join(':') : true);
    }
    return map;
  }
}

/** A source string's flags after a bulk edit: `add` merged in, then the flags `remove` names taken out. */
export function editFlags(flags: string, add: string, remove: string): string {
  return Flags.parse(flags).merge(Flags.parse(add)).without(Flags.parse(remove)).format();
}

/** Bare when nothing in it would be read as syntax; otherwise double-quoted, the quote and backslash escaped. */
function formatParam({ text, regex }: FlagParam): string {
  if (!regex && /^[^\s,:"'\\]+$/.test(text)) return text;
  return `${regex ? 'r' : ''}"${text.replace(/[\\"]/g, (char) => `\\${char}`)}"`;
}

/** `"max-length:80, c-format"` → `max-length => '80'`, `c-format => true`; several parameters are joined by `:`. */
export function parseFlags(flags: string): Map<string, string | true> {
  return Flags.parse(flags).toMap();
}

class FlagReader {
  private position = 0;

  constructor(private readonly text: string) {}

  readAll(): Map<string, FlagParam[]> {
    const entries = new Map<string, FlagParam[]>();
    while (this.position < this.text.length) {
      const name = this.readBare().trim();
      const params: FlagParam[] = [];
      while (this.peek() === ':') {
        this.position++;
        params.push(this.readParam());
      }
      // Skip whatever follows a malformed parameter up to the next flag.
      this.readBare();
      this.position++;
      if (name) entries.set(name, params);
    }
    return entries;
  }

  private readParam(): FlagParam {
    this.skipSpaces();
    const char = this.peek();
    if (char === 'r' && this.text[this.position + 1] === '"') {
      this.position++;
      return { text: this.readQuoted('"'), regex: true };
    }
    if (char === '"' || char === "'") return { text: this.readQuoted(char), regex: false };
    return { text: this.readBare().trim(), regex: false };
  }

  private readQuoted(quote: string): string {
    this.position++;
    let value = '';
    while (this.position < this.text.length) {
      const char = this.text[this.position++];
      if (char === quote) return value;
      const next = this.text[this.position];
      // Only the quote and the backslash itself are escapes, so regex escapes like \d survive.
      if (char === '\\' && (next === quote || next === '\\')) {
        value += next;
        this.position++;
      } else {
        value += char;
      }
    }
    return value;
  }

  private readBare(): string {
    const start = this.position;
    while (this.position < this.text.length && this.peek() !== ',' && this.peek() !== ':') this.position++;
    return this.text.slice(start, this.position);
  }

  private skipSpaces(): void {
    while (this.peek() === ' ') this.position++;
  }

  private peek(): string | undefined {
    return this.text[this.position];
  }
}
