import { QueryNode } from './query-ast';
import { MAX_CLAUSES, MAX_REGEX_TERMS, parseQuery } from './query-parser';
import { QuerySyntaxError } from './query-syntax-error';

/** A compact rendering of the AST, so precedence tests read like the query they check. */
function shape(node: QueryNode): string {
  switch (node.kind) {
    case 'term': {
      const value = node.value;
      const text =
        value.kind === 'text' ? value.text : value.kind === 'regex' ? `r/${value.pattern}/` : `${value.start}..${value.end}`;
      return node.field === null ? text : `${node.field}${node.operator}${text}`;
    }
    case 'not':
      return `NOT(${shape(node.child)})`;
    case 'and':
    case 'or':
      return `${node.kind.toUpperCase()}(${node.children.map(shape).join(', ')})`;
  }
}

function parseError(query: string): QuerySyntaxError {
  try {
    parseQuery(query);
  } catch (error) {
    if (error instanceof QuerySyntaxError) return error;
    throw error;
  }
  throw new Error(`"${query}" parsed without error`);
}

describe('parseQuery', () => {
  it('returns an empty AND for a blank query', () => {
    expect(parseQuery('')).toEqual({ kind: 'and', children: [] });
    expect(parseQuery('  \t ')).toEqual({ kind: 'and', children: [] });
  });

  it('reads a field term with its operator and offsets', () => {
    expect(parseQuery('  state:>=translated')).toEqual({
      kind: 'term',
      field: 'state',
      operator: ':>=',
      value: { kind: 'text', text: 'translated' },
      position: 2,
      valuePosition: 10,
    });
  });

  it('reads every operator, longest first', () => {
    const operators = ['priority:1', 'priority:=1', 'priority:<1', 'priority:<=1', 'priority:>1', 'priority:>=1'].map(
      (query) => (parseQuery(query) as { operator: string }).operator,
    );
    expect(operators).toEqual([':', ':=', ':<', ':<=', ':>', ':>=']);
  });

  it('treats free words as free text', () => {
    expect(shape(parseQuery('hello'))).toBe('hello');
    expect(parseQuery('hello')).toMatchObject({ field: null, operator: ':' });
  });

  it('joins juxtaposed terms with AND', () => {
    expect(shape(parseQuery('hello world state:20'))).toBe('AND(hello, world, state:20)');
  });

  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    expect(shape(parseQuery('a OR b c'))).toBe('OR(a, AND(b, c))');
    expect(shape(parseQuery('a AND b OR c AND d'))).toBe('OR(AND(a, b), AND(c, d))');
    expect(shape(parseQuery('NOT a b'))).toBe('AND(NOT(a), b)');
    expect(shape(parseQuery('NOT a OR b'))).toBe('OR(NOT(a), b)');
    expect(shape(parseQuery('NOT NOT a'))).toBe('NOT(NOT(a))');
  });

  it('groups with parentheses', () => {
    expect(shape(parseQuery('(a OR b) c'))).toBe('AND(OR(a, b), c)');
    expect(shape(parseQuery('NOT (a OR b)'))).toBe('NOT(OR(a, b))');
    expect(shape(parseQuery('((a))'))).toBe('a');
    expect(shape(parseQuery('a(b)'))).toBe('AND(a, b)');
  });

  it('accepts keywords in any case', () => {
    expect(shape(parseQuery('a or b and not c'))).toBe('OR(a, AND(b, NOT(c)))');
  });

  it('keeps quoted keywords and spaces as text', () => {
    expect(shape(parseQuery('"not" \'a b\''))).toBe('AND(not, a b)');
    expect(shape(parseQuery('source:"hello world"'))).toBe('source:hello world');
  });

  it('unescapes the quote and backslash inside quotes', () => {
    expect(shape(parseQuery('"say \\"hi\\" \\\\ \\n"'))).toBe('say "hi" \\ \\n');
  });

  it('reads r"…" as a regular expression and keeps its backslashes', () => {
    expect(shape(parseQuery('source:r"^\\d+\\"$"'))).toBe('source:r/^\\d+\\"$/');
    expect(shape(parseQuery("r'x(y)'"))).toBe('r/x(y)/');
  });

  it('resolves aliases and field-name case', () => {
    expect(shape(parseQuery('key:foo'))).toBe('context:foo');
    expect(shape(parseQuery('last_changed:2024'))).toBe('changed:2024');
    expect(shape(parseQuery('Source:foo'))).toBe('source:foo');
  });

  it('reads ranges only for number and date fields', () => {
    expect(parseQuery('changed:2024-01-01..2024-02-01')).toMatchObject({
      value: { kind: 'range', start: '2024-01-01', end: '2024-02-01' },
    });
    expect(parseQuery('changed:[2024-01-01 to 2024-02-01]')).toMatchObject({
      value: { kind: 'range', start: '2024-01-01', end: '2024-02-01' },
    });
    expect(shape(parseQuery('priority:1..5'))).toBe('priority:1..5');
    expect(parseQuery('source:a..b')).toMatchObject({ value: { kind: 'text', text: 'a..b' } });
  });

  it('searches URLs as text rather than as fields', () => {
    expect(shape(parseQuery('https://weblate.org/x'))).toBe('https://weblate.org/x');
  });

  it('keeps colons that do not follow a field name in free text', () => {
    expect(shape(parseQuery('12:30'))).toBe('12:30');
  });

  describe('errors', () => {
    it.each([
      ['foo:bar', 'Unknown field "foo" at position 0', 0],
      ['a foo:bar', 'Unknown field "foo" at position 2', 2],
      ['(a OR b', 'Unbalanced "(" at position 0', 0],
      ['a OR b)', 'Unbalanced ")" at position 6', 6],
      [')', 'Unbalanced ")" at position 0', 0],
      ['a "b c', 'Unterminated quoted string at position 2', 2],
      ['source:r"abc', 'Unterminated quoted string at position 8', 8],
      ['a OR', 'Unexpected end of query at position 4', 4],
      ['NOT', 'Unexpected end of query at position 3', 3],
      ['OR a', 'Unexpected "OR" at position 0', 0],
      ['a AND OR b', 'Unexpected "OR" at position 6', 6],
      ['()', 'Empty parentheses at position 0', 0],
      ['source: x', 'Missing value for field "source" at position 7', 7],
      ['Error: x', 'Unknown field "Error" at position 0', 0],
      ['state:', 'Missing value for field "state" at position 6', 6],
      ['source:[a to b]', 'Field "source" does not accept a range at position 7', 7],
      ['changed:[2024 2025]', 'Invalid range, expected [start to end] at position 8', 8],
      ['changed:[2024 to 2025', 'Unterminated range at position 8', 8],
      ['source:a\0b', 'NUL characters are not allowed at position 8', 8],
      ['"a\0"', 'NUL characters are not allowed at position 2', 2],
    ])('rejects %j', (query, message, position) => {
      const error = parseError(query);
      expect(error.message).toBe(message);
      expect(error.position).toBe(position);
    });

    it(`allows ${MAX_CLAUSES} clauses and rejects one more, pointing at it`, () => {
      const terms = Array.from({ length: MAX_CLAUSES }, (_, index) => `t${index}`);
      expect(() => parseQuery(terms.join(' '))).not.toThrow();
      const query = [...terms, 'extra'].join(' ');
      const error = parseError(query);
      expect(error.message).toBe(`Too many clauses (maximum ${MAX_CLAUSES}) at position ${query.indexOf('extra')}`);
    });

    it(`allows ${MAX_REGEX_TERMS} regular expressions and rejects one more, pointing at it`, () => {
      const terms = Array.from({ length: MAX_REGEX_TERMS }, (_, index) => `source:r"a${index}"`);
      expect(() => parseQuery(terms.join(' OR '))).not.toThrow();
      const query = [...terms, 'target:plain', 'r"extra"'].join(' OR ');
      const error = parseError(query);
      expect(error.message).toBe(`Too many regular expressions (maximum ${MAX_REGEX_TERMS}) at position ${query.indexOf('r"extra"')}`);
    });

    it('rejects nesting deep enough to threaten the stack', () => {
      expect(parseError(`${'('.repeat(1000)}a${')'.repeat(1000)}`).message).toMatch(/^Query is nested too deeply/);
      expect(parseError(`${'NOT '.repeat(1000)}a`).message).toMatch(/^Query is nested too deeply/);
    });
  });
});
