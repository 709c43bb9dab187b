import { Operator } from './query-ast';
import { canonicalFieldName } from './query-fields';
import { QuerySyntaxError } from './query-syntax-error';

/** A value as written, before the parser knows which field it belongs to. */
export type RawValue =
  | { kind: 'word'; text: string }
  | { kind: 'quoted'; text: string }
  | { kind: 'regex'; pattern: string }
  | { kind: 'bracket-range'; start: string; end: string };

export type Token =
  | { type: '(' | ')' | 'AND' | 'OR' | 'NOT'; position: number }
  | {
      type: 'term';
      /** The field name as typed, or null for free text. */
      field: string | null;
      operator: Operator;
      value: RawValue;
      position: number;
      valuePosition: number;
    };

// Longest operators first, so `:<=` is not read as `:<` followed by a value starting with `=`.
const FIELD_PREFIX = /([A-Za-z_]+)(:=|:<=|:>=|:<|:>|:)/y;
// Weblate's field grammar refuses these so that a pasted URL is searched as text instead of failing as a field.
const URL_SCHEMES = new Set(['http', 'https', 'ftp', 'mailto']);
const KEYWORDS = new Set(['AND', 'OR', 'NOT']);

function isSpace(char: string): boolean {
  return /\s/.test(char);
}

function endsBareWord(char: string): boolean {
  return isSpace(char) || char === '(' || char === ')';
}

/**
 * Splits a query into parentheses, boolean keywords and terms. A term is read as a whole (`field`, operator and
 * value must be adjacent) because whitespace ends a value unless it is quoted.
 */
export class QueryTokenizer {
  private index = 0;

  constructor(private readonly query: string) {}

  tokenize(): Token[] {
    // PostgreSQL text cannot hold NUL, so a value with one would fail in the database instead of here (Weblate too
    // refuses such a query).
    const nul = this.query.indexOf('\0');
    if (nul >= 0) throw new QuerySyntaxError('NUL characters are not allowed', nul);
    const tokens: Token[] = [];
    for (;;) {
      while (this.index < this.query.length && isSpace(this.query[this.index])) this.index++;
      if (this.index >= this.query.length) return tokens;
      tokens.push(this.nextToken());
    }
  }

  private nextToken(): Token {
    const position = this.index;
    const char = this.query[position];
    if (char === '(' || char === ')') {
      this.index++;
      return { type: char, position };
    }
    const field = this.readFieldPrefix();
    if (field) {
      const valuePosition = this.index;
      if (this.index >= this.query.length || endsBareWord(this.query[this.index])) {
        if (!canonicalFieldName(field.name)) throw new QuerySyntaxError(`Unknown field "${field.name}"`, position);
        throw new QuerySyntaxError(`Missing value for field "${field.name}"`, valuePosition);
      }
      const value = this.query[this.index] === '[' ? this.readBracketRange() : this.readValue();
      return { type: 'term', field: field.name, operator: field.operator, value, position, valuePosition };
    }
    const value = this.readValue();
    if (value.kind === 'word' && KEYWORDS.has(value.text.toUpperCase())) {
      return { type: value.text.toUpperCase() as 'AND' | 'OR' | 'NOT', position };
    }
    return { type: 'term', field: null, operator: ':', value, position, valuePosition: position };
  }

  private readFieldPrefix(): { name: string; operator: Operator } | undefined {
    FIELD_PREFIX.lastIndex = this.index;
    const match = FIELD_PREFIX.exec(this.query);
    if (!match || URL_SCHEMES.has(match[1].toLowerCase())) return undefined;
    this.index = FIELD_PREFIX.lastIndex;
    return { name: match[1], operator: match[2] as Operator };
  }

  private readValue(): RawValue {
    const char = this.query[this.index];
    const next = this.query[this.index + 1];
    if (char === 'r' && (next === '"' || next === "'")) {
      this.index++;
      return { kind: 'regex', pattern: this.readQuoted(true) };
    }
    if (char === '"' || char === "'") return { kind: 'quoted', text: this.readQuoted(false) };
    const start = this.index;
    while (this.index < this.query.length && !endsBareWord(this.query[this.index])) this.index++;
    return { kind: 'word', text: this.query.slice(start, this.index) };
  }

  /**
   * Reads '…' or "…" starting at the opening quote. A backslash protects the quote character; in a regular
   * expression the backslash is kept, since `\"` and `\\` mean the same thing to the regex engine.
   */
  private readQuoted(raw: boolean): string {
    const start = this.index;
    const quote = this.query[start];
    let text = '';
    this.index++;
    while (this.index < this.query.length) {
      const char = this.query[this.index];
      if (char === quote) {
        this.index++;
        return text;
      }
      const escaped = this.query[this.index + 1];
      if (char === '\\' && escaped !== undefined) {
        const literal = escaped === quote || escaped === '\\';
        text += raw || !literal ? char + escaped : escaped;
        this.index += 2;
        continue;
      }
      text += char;
      this.index++;
    }
    throw new QuerySyntaxError('Unterminated quoted string', start);
  }

  /** Weblate's date range syntax: `changed:[2024-01-01 to 2024-02-01]`. */
  private readBracketRange(): RawValue {
    const start = this.index;
    const end = this.query.indexOf(']', start);
    if (end < 0) throw new QuerySyntaxError('Unterminated range', start);
    this.index = end + 1;
    const parts = this.query.slice(start + 1, end).trim().split(/\s+/);
    if (parts.length !== 3 || parts[1].toLowerCase() !== 'to') {
      throw new QuerySyntaxError('Invalid range, expected [start to end]', start);
    }
    return { kind: 'bracket-range', start: parts[0], end: parts[2] };
  }
}
