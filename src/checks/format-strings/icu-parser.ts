/** One `{…}` argument of an ICU MessageFormat message. */
export interface IcuArgument {
  name: string;
  /** `number`, `date`, `plural`, `select`…; absent for a plain `{name}`. */
  type?: string;
  /** The keys of `plural`, `selectordinal` and `select` sub-messages: `one`, `=0`, `other`, `male`… */
  selectors: string[];
}

export class IcuSyntaxError extends Error {}

const TYPES_WITH_SUBMESSAGES = new Set(['plural', 'selectordinal', 'select']);

/** Every argument of the message, those inside sub-messages included; throws IcuSyntaxError. */
export function parseIcuArguments(message: string): IcuArgument[] {
  const parser = new IcuParser(message);
  parser.readMessage(false);
  return parser.found;
}

class IcuParser {
  readonly found: IcuArgument[] = [];
  private position = 0;

  constructor(private readonly text: string) {}

  /** Reads literal text and arguments up to the `}` closing a sub-message (left unread), or the end. */
  readMessage(nested: boolean, inPlural = false): void {
    while (this.position < this.text.length) {
      const char = this.text[this.position];
      if (char === "'") this.skipQuoted(inPlural);
      else if (char === '{') this.readArgument();
      else if (char === '}') {
        if (nested) return;
        throw new IcuSyntaxError(`Unexpected "}" at ${this.position}`);
      } else this.position++;
    }
    if (nested) throw new IcuSyntaxError('Unterminated sub-message');
  }

  /**
   * ICU apostrophes: `''` is a literal apostrophe, and `'` starts quoted text only before a syntax
   * character ({, }, and # inside a plural), so "don't" needs no escaping.
   */
  private skipQuoted(inPlural: boolean): void {
    const next = this.text[this.position + 1];
    const startsQuote = next === '{' || next === '}' || next === '|' || (inPlural && next === '#');
    if (!startsQuote) {
      this.position += next === "'" ? 2 : 1;
      return;
    }
    this.position += 1;
    while (this.position < this.text.length) {
      if (this.text[this.position] !== "'") this.position++;
      else if (this.text[this.position + 1] === "'") this.position += 2;
      else {
        this.position++;
        return;
      }
    }
  }

  private readArgument(): void {
    this.position++;
    const argument: IcuArgument = { name: this.readToken(/[^\s{},']/, 'argument name'), selectors: [] };
    this.found.push(argument);
    if (this.accept(',')) {
      argument.type = this.readToken(/[A-Za-z0-9_]/, 'argument type');
      if (this.accept(',')) {
        if (TYPES_WITH_SUBMESSAGES.has(argument.type)) this.readSubmessages(argument);
        else this.skipStyle();
      }
    }
    this.expect('}');
  }

  private readSubmessages(argument: IcuArgument): void {
    const plural = argument.type !== 'select';
    this.skipSpaces();
    if (plural && this.text.startsWith('offset:', this.position)) {
      this.position += 'offset:'.length;
      this.readToken(/[0-9]/, 'offset');
    }
    while (this.skipSpaces(), this.peek() !== '}') {
      argument.selectors.push(this.readToken(/[^\s{}]/, 'selector'));
      this.expect('{');
      this.readMessage(true, plural);
      this.expect('}');
    }
    if (!argument.selectors.length) throw new IcuSyntaxError(`"${argument.name}" has no sub-messages`);
  }

  /** A style such as `::currency/EUR` or `short`; its own braces, if any, must balance. */
  private skipStyle(): void {
    let depth = 0;
    while (this.position < this.text.length) {
      const char = this.text[this.position];
      if (char === '}' && depth === 0) return;
      if (char === '{') depth++;
      if (char === '}') depth--;
      this.position++;
    }
  }

  private readToken(allowed: RegExp, what: string): string {
    this.skipSpaces();
    const start = this.position;
    while (this.position < this.text.length && allowed.test(this.text[this.position])) this.position++;
    if (start === this.position) throw new IcuSyntaxError(`Expected ${what} at ${start}`);
    return this.text.slice(start, this.position);
  }

  private accept(char: string): boolean {
    this.skipSpaces();
    if (this.peek() !== char) return false;
    this.position++;
    return true;
  }

  private expect(char: string): void {
    if (!this.accept(char)) throw new IcuSyntaxError(`Expected "${char}" at ${this.position}`);
  }

  private skipSpaces(): void {
    while (/\s/.test(this.peek() ?? '')) this.position++;
  }

  private peek(): string | undefined {
    return this.text[this.position];
  }
}
