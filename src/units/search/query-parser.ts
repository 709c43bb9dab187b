import { QueryNode, TermNode, TermValue } from './query-ast';
import { acceptsRange, canonicalFieldName } from './query-fields';
import { QuerySyntaxError } from './query-syntax-error';
import { QueryTokenizer, Token } from './query-tokenizer';

/** Weblate refuses longer queries too; each clause becomes a subquery or a scan, so the limit protects the database. */
export const MAX_CLAUSES = 64;
/**
 * Regular expressions cost the most per string (PostgreSQL runs each on every candidate string); real searches use
 * one or two.
 */
export const MAX_REGEX_TERMS = 8;
/** Bounds recursion (here and in the compiler) for inputs like `((((…` or `NOT NOT NOT …`. */
const MAX_NESTING = 32;

/**
 * Recursive descent over the tokens. Precedence, loosest first: OR, then AND (written or implied by juxtaposition),
 * then NOT. A blank query is an empty AND, which matches everything.
 */
export function parseQuery(query: string): QueryNode {
  return new QueryParser(query).parse();
}

type TermToken = Extract<Token, { type: 'term' }>;

class QueryParser {
  private readonly tokens: Token[];
  private index = 0;
  private clauses = 0;
  private regexTerms = 0;
  private depth = 0;

  constructor(private readonly query: string) {
    this.tokens = new QueryTokenizer(query).tokenize();
  }

  parse(): QueryNode {
    if (this.tokens.length === 0) return { kind: 'and', children: [] };
    const node = this.parseOr();
    const extra = this.peek();
    if (extra) throw new QuerySyntaxError(extra.type === ')' ? 'Unbalanced ")"' : `Unexpected ${describe(extra)}`, extra.position);
    return node;
  }

  private parseOr(): QueryNode {
    const children = [this.parseAnd()];
    while (this.peek()?.type === 'OR') {
      this.index++;
      children.push(this.parseAnd());
    }
    return children.length === 1 ? children[0] : { kind: 'or', children };
  }

  private parseAnd(): QueryNode {
    const children = [this.parseNot()];
    for (;;) {
      const next = this.peek();
      if (next?.type === 'AND') {
        this.index++;
        children.push(this.parseNot());
      } else if (next && (next.type === 'term' || next.type === 'NOT' || next.type === '(')) {
        children.push(this.parseNot());
      } else {
        break;
      }
    }
    return children.length === 1 ? children[0] : { kind: 'and', children };
  }

  private parseNot(): QueryNode {
    const token = this.expectOperand();
    if (token.type === 'NOT') {
      this.index++;
      return this.nested(token.position, () => ({ kind: 'not', child: this.parseNot() }));
    }
    if (token.type === '(') {
      this.index++;
      return this.nested(token.position, () => {
        if (this.peek()?.type === ')') throw new QuerySyntaxError('Empty parentheses', token.position);
        const inner = this.parseOr();
        if (this.peek()?.type !== ')') throw new QuerySyntaxError('Unbalanced "("', token.position);
        this.index++;
        return inner;
      });
    }
    this.index++;
    return this.term(token as TermToken);
  }

  /** The next token must start an operand; anything else (end, `)`, a dangling AND/OR) is an error. */
  private expectOperand(): Token {
    const token = this.peek();
    if (!token) throw new QuerySyntaxError('Unexpected end of query', this.query.length);
    if (token.type === 'term' || token.type === 'NOT' || token.type === '(') return token;
    throw new QuerySyntaxError(token.type === ')' ? 'Unbalanced ")"' : `Unexpected ${describe(token)}`, token.position);
  }

  private nested(position: number, parse: () => QueryNode): QueryNode {
    if (++this.depth > MAX_NESTING) throw new QuerySyntaxError(`Query is nested too deeply (maximum ${MAX_NESTING})`, position);
    const node = parse();
    this.depth--;
    return node;
  }

  private term(token: TermToken): TermNode {
    if (++this.clauses > MAX_CLAUSES) {
      throw new QuerySyntaxError(`Too many clauses (maximum ${MAX_CLAUSES})`, token.position);
    }
    if (token.value.kind === 'regex' && ++this.regexTerms > MAX_REGEX_TERMS) {
      throw new QuerySyntaxError(`Too many regular expressions (maximum ${MAX_REGEX_TERMS})`, token.position);
    }
    const field = token.field === null ? null : canonicalFieldName(token.field);
    if (field === undefined) throw new QuerySyntaxError(`Unknown field "${token.field}"`, token.position);
    return {
      kind: 'term',
      field,
      operator: token.operator,
      value: termValue(token, field),
      position: token.position,
      valuePosition: token.valuePosition,
    };
  }

  private peek(): Token | undefined {
    return this.tokens[this.index];
  }
}

function termValue(token: TermToken, field: string | null): TermValue {
  const value = token.value;
  const rangeField = field !== null && acceptsRange(field);
  switch (value.kind) {
    case 'regex':
      return { kind: 'regex', pattern: value.pattern };
    case 'quoted':
      return { kind: 'text', text: value.text };
    case 'bracket-range':
      if (!rangeField) throw new QuerySyntaxError(`Field "${field ?? token.field}" does not accept a range`, token.valuePosition);
      return { kind: 'range', start: value.start, end: value.end };
    case 'word': {
      // `a..b` is a range only where ranges make sense; in text it is just two dots.
      const dots = rangeField ? value.text.indexOf('..') : -1;
      if (dots < 0) return { kind: 'text', text: value.text };
      return { kind: 'range', start: value.text.slice(0, dots), end: value.text.slice(dots + 2) };
    }
  }
}

function describe(token: Token): string {
  return token.type === 'term' ? 'term' : `"${token.type}"`;
}
