/**
 * Gettext plural formulas (the `plural=` part of a PO `Plural-Forms` header):
 * a safe evaluator and a classifier into Weblate's plural type constants.
 *
 * Formulas arrive from uploaded files and API clients, so they are compiled
 * into a tree of closures instead of being handed to eval/Function.
 */

/** Syntax error in a plural formula; `position` is a 0-based offset into the formula as given. */
export class PluralFormulaError extends Error {
  constructor(message: string, readonly position: number) {
    super(message);
    this.name = 'PluralFormulaError';
  }
}

type Expr = (n: number) => number;

/** `text` is empty for the end of the formula. */
type Token = { text: string; position: number };

const truth = (value: boolean): number => (value ? 1 : 0);

// C precedence, higher binds tighter. Operands are evaluated eagerly even for && and ||:
// evaluation has no side effects and never throws, so short-circuiting would change nothing.
const BINARY: Partial<Record<string, [precedence: number, apply: (a: number, b: number) => number]>> = {
  '||': [1, (a, b) => truth(a !== 0 || b !== 0)],
  '&&': [2, (a, b) => truth(a !== 0 && b !== 0)],
  '==': [3, (a, b) => truth(a === b)],
  '!=': [3, (a, b) => truth(a !== b)],
  '<': [4, (a, b) => truth(a < b)],
  '<=': [4, (a, b) => truth(a <= b)],
  '>': [4, (a, b) => truth(a > b)],
  '>=': [4, (a, b) => truth(a >= b)],
  '+': [5, (a, b) => a + b],
  '-': [5, (a, b) => a - b],
  '*': [6, (a, b) => a * b],
  // Integer division as in C. A zero divisor yields 0 rather than Infinity/NaN, which
  // would otherwise leak out of comparisons as a silently wrong plural index.
  '/': [6, (a, b) => (b === 0 ? 0 : Math.trunc(a / b))],
  '%': [6, (a, b) => (b === 0 ? 0 : a % b)],
};

function tokenize(formula: string): Token[] {
  // Two-character operators come first so "<=" is not read as "<" then "=".
  const pattern = /\s*(?:(\d+|n|==|!=|<=|>=|&&|\|\||[-+*/%<>!?:();])|(\S)|$)/y;
  // PO headers carry the formula as `plural=...;`; accept it pasted verbatim.
  pattern.lastIndex = /^\s*plural\s*=/.exec(formula)?.[0].length ?? 0;
  const tokens: Token[] = [];
  for (;;) {
    const match = pattern.exec(formula)!; // cannot fail: after the spaces comes a character or the end
    const [whole, token, stray] = match;
    const position = match.index + whole.length - (token ?? stray ?? '').length;
    if (stray !== undefined) throw unexpected({ text: stray, position });
    tokens.push({ text: token ?? '', position });
    if (token === undefined) return tokens;
  }
}

function unexpected(token: Token): PluralFormulaError {
  return token.text === ''
    ? new PluralFormulaError('Unexpected end of formula', token.position)
    : new PluralFormulaError(`Unexpected "${token.text}" at position ${token.position}`, token.position);
}

function combine(apply: (a: number, b: number) => number, left: Expr, right: Expr): Expr {
  return (n) => apply(left(n), right(n));
}

class Parser {
  private index = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Expr {
    const root = this.conditional();
    this.accept(';');
    this.expect('');
    // C integers have no negative zero; keep `-n` at 0 or `-1 / 2` from returning -0.
    return (n) => root(n) + 0;
  }

  private conditional(): Expr {
    const test = this.binary(1);
    if (!this.accept('?')) return test;
    // Recursing on both branches makes `a ? b : c ? d : e` group to the right, as in C.
    const then = this.conditional();
    this.expect(':');
    const otherwise = this.conditional();
    return (n) => (test(n) !== 0 ? then(n) : otherwise(n));
  }

  private binary(minPrecedence: number): Expr {
    let left = this.operand();
    for (;;) {
      const operator = BINARY[this.tokens[this.index].text];
      if (!operator || operator[0] < minPrecedence) return left;
      this.index++;
      left = combine(operator[1], left, this.binary(operator[0] + 1));
    }
  }

  private operand(): Expr {
    const token = this.next();
    if (token.text === '!') {
      const operand = this.operand();
      return (n) => truth(operand(n) === 0);
    }
    if (token.text === '-') {
      const operand = this.operand();
      return (n) => -operand(n);
    }
    if (token.text === '(') {
      const inner = this.conditional();
      this.expect(')');
      return inner;
    }
    if (token.text === 'n') return (n) => n;
    if (/^\d/.test(token.text)) {
      const value = Number(token.text);
      return () => value;
    }
    throw unexpected(token);
  }

  private next(): Token {
    const token = this.tokens[this.index];
    if (token.text !== '') this.index++;
    return token;
  }

  private accept(text: string): boolean {
    if (this.tokens[this.index].text !== text) return false;
    this.index++;
    return true;
  }

  private expect(text: string): void {
    const token = this.next();
    if (token.text !== text) throw unexpected(token);
  }
}

/**
 * Compiles a gettext plural expression over `n` (C syntax and precedence; comparisons
 * and logical operators yield 1/0). An optional `plural=` prefix and trailing `;` are
 * accepted. Throws PluralFormulaError on a syntax error.
 */
export function parsePluralFormula(formula: string): (n: number) => number {
  return new Parser(tokenize(formula)).parse();
}

/** Weblate's plural type constants; each name lists the category of every form in order. */
export const PluralType = {
  NONE: 0,
  ONE_OTHER: 1,
  ONE_FEW_OTHER: 2,
  ARABIC: 3,
  ONE_TWO_OTHER: 4,
  ONE_TWO_THREE_OTHER: 5,
  ONE_TWO_FEW_OTHER: 6,
  ONE_OTHER_ZERO: 7,
  ONE_FEW_MANY_OTHER: 8,
  TWO_OTHER: 9,
  ONE_TWO_FEW_MANY_OTHER: 10,
  ZERO_ONE_OTHER: 11,
  ZERO_ONE_TWO_FEW_MANY_OTHER: 12,
  OTHER_ONE_TWO_FEW: 13,
  ONE_OTHER_TWO: 14,
  ZERO_OTHER: 15,
  ZERO_ONE_FEW_OTHER: 16,
  ZERO_ONE_TWO_FEW_OTHER: 17,
  ZERO_ONE_TWO_OTHER: 18,
  ZERO_ONE_FEW_MANY_OTHER: 19,
  ONE_MANY_OTHER: 20,
  ZERO_ONE_MANY_OTHER: 21,
  ONE_FEW_MANY: 22,
  ONE_ZERO_FEW_OTHER: 23,
  UNKNOWN: 666,
} as const;
export type PluralType = (typeof PluralType)[keyof typeof PluralType];

type FormName = 'zero' | 'one' | 'two' | 'three' | 'few' | 'many' | 'other';

// Every residue modulo 10, 100 and 1000, plus a million for rules that single out
// large round numbers (Breton and ONE_MANY_OTHER languages).
const SAMPLE = [...Array.from({ length: 1001 }, (_, n) => n), 1_000_000];

// Layouts whose Weblate constant is not spelled in form order: Weblate files
// "(n==2) ? 1 : 0" under TWO_OTHER, and reports the six-form Arabic layout as ARABIC.
const ALIASES: Partial<Record<string, PluralType>> = {
  OTHER_TWO: PluralType.TWO_OTHER,
  ZERO_ONE_TWO_FEW_MANY_OTHER: PluralType.ARABIC,
};

/**
 * Names each form after the numbers it receives. Forms that fit no name stay
 * undefined, which makes the joined name match no PluralType key.
 */
function nameForms(forms: number[][]): (FormName | undefined)[] {
  const names = forms.map((numbers): FormName | undefined => {
    if (numbers.length === 1 && numbers[0] === 0) return 'zero';
    // A dual may repeat per decade or century ({2, 12}, {2, 22, 32, ...}) but stays rare;
    // "few" sets holding 2 also hold 3.
    const sparse = numbers.length * 10 <= SAMPLE.length;
    if (sparse && numbers.includes(2) && !numbers.includes(1) && !numbers.includes(3)) return 'two';
    return undefined;
  });
  const unnamed = () => names.flatMap((name, index) => (name === undefined ? [index] : []));

  // The catch-all is normally the last form, but some formulas list it first (OTHER_ONE_TWO_FEW);
  // it then takes most numbers, round hundreds included, but not 1 (Filipino's "one" takes most
  // numbers too). Size alone misleads: Arabic's "many" outnumbers its "other".
  // The form holding 1 is never zero or two, so `last` exists.
  const last = unnamed().at(-1)!;
  const hundred = forms.find((numbers) => numbers.includes(100))!;
  const catchAll = hundred.length * 2 > SAMPLE.length && !hundred.includes(1);
  names[catchAll ? forms.indexOf(hundred) : last] = 'other';
  names[forms.findIndex((numbers) => numbers.includes(1))] ??= 'one';

  const rest = unnamed();
  if (rest.length === 2) {
    names[rest[0]] = 'few';
    names[rest[1]] = 'many';
  } else if (rest.length === 1) {
    const numbers = forms[rest[0]];
    // A lone "many" only ever holds the millions (ONE_MANY_OTHER); any other lone set is "few".
    names[rest[0]] = numbers.length === 1 && numbers[0] === 3 ? 'three' : numbers[0] < 1_000_000 ? 'few' : 'many';
  }
  return names;
}

/**
 * Classifies a plural definition by evaluating its formula over a sample of numbers.
 * Returns UNKNOWN for unparsable formulas, when `count` is not the number of forms the
 * formula uses, or when the forms match no known layout.
 *
 * Evaluation cannot tell apart layouts that differ only for fractions or by convention:
 * ONE_FEW_MANY, ONE_ZERO_FEW_OTHER and ZERO_ONE_TWO_FEW_MANY_OTHER come out as
 * ONE_FEW_OTHER, ONE_FEW_MANY_OTHER and ARABIC.
 */
export function pluralType(count: number, formula: string): PluralType {
  let evaluate: (n: number) => number;
  try {
    evaluate = parsePluralFormula(formula);
  } catch (error) {
    if (error instanceof PluralFormulaError) return PluralType.UNKNOWN;
    throw error;
  }
  if (!Number.isInteger(count) || count < 1) return PluralType.UNKNOWN;

  const forms = Array.from({ length: count }, (): number[] => []);
  for (const n of SAMPLE) {
    const index = evaluate(n);
    if (!(index >= 0 && index < count)) return PluralType.UNKNOWN;
    forms[index].push(n);
  }
  // An unused form means `count` disagrees with the formula.
  if (forms.some((numbers) => numbers.length === 0)) return PluralType.UNKNOWN;
  if (count === 1) return PluralType.NONE;

  const key = nameForms(forms).join('_').toUpperCase();
  if (Object.hasOwn(ALIASES, key)) return ALIASES[key]!;
  return Object.hasOwn(PluralType, key) ? PluralType[key as keyof typeof PluralType] : PluralType.UNKNOWN;
}
