import { parsePluralFormula, PluralFormulaError, pluralType, PluralType } from './plural-formula';

describe('parsePluralFormula', () => {
  it.each([
    // precedence
    ['n*2+1', 3, 7],
    ['1+n*2', 3, 7],
    ['(1+n)*2', 3, 8],
    ['n+10%4', 1, 3],
    ['2 < 3 == 1', 0, 1],
    ['1 || 0 && 0', 0, 1],
    ['n%10==1 && n%100!=11', 21, 1],
    ['n%10==1 && n%100!=11', 11, 0],
    // comparisons and logic yield 1/0, and chains group to the left as in C
    ['n > 1', 5, 1],
    ['3 > 2 > 1', 0, 0],
    ['1 < 2 < 3', 0, 1],
    ['n == n == 1', 7, 1],
    ['n && 2', 5, 1],
    // unary operators
    ['!n', 0, 1],
    ['!n', 5, 0],
    ['!!n', 5, 1],
    ['-n+5', 2, 3],
    ['n - -1', 2, 3],
    ['-n', 0, 0],
    // ternary is right-associative: left grouping would give (1 ? 0 : 1) ? 2 : 3 = 3
    ['1 ? 0 : 1 ? 2 : 3', 0, 0],
    ['n==1 ? 0 : n==2 ? 1 : 2', 1, 0],
    ['n==1 ? 0 : n==2 ? 1 : 2', 2, 1],
    ['n==1 ? 0 : n==2 ? 1 : 2', 5, 2],
    ['n ? n ? 1 : 2 : 3', 0, 3],
    // C integer division; a zero divisor only zeroes its own sub-expression
    ['n/2', 7, 3],
    ['-7/2', 0, -3],
    ['1 + 5/n', 0, 1],
    ['1 + n%0', 4, 1],
    // whitespace, PO header prefix and trailing semicolon
    [' \tn\n!=\r1 ', 1, 0],
    ['plural=(n != 1);', 1, 0],
    ['plural=(n != 1);', 2, 1],
    ['  plural = n>1 ;  ', 2, 1],
  ])('evaluates %j at n=%d to %d', (formula, n, expected) => {
    expect(parsePluralFormula(formula)(n)).toBe(expected);
  });

  it('compiles once and evaluates repeatedly', () => {
    const russian = parsePluralFormula(
      'n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2',
    );
    expect([1, 2, 5, 11, 21, 22, 25, 111, 1000000].map(russian)).toEqual([0, 1, 2, 2, 0, 1, 2, 2, 2]);
  });

  it.each([
    ['n ==', 'Unexpected end of formula', 4],
    ['(n != 1', 'Unexpected end of formula', 7],
    ['n ? 1', 'Unexpected end of formula', 5],
    ['', 'Unexpected end of formula', 0],
    ['plural=', 'Unexpected end of formula', 7],
    ['n $ 1', 'Unexpected "$" at position 2', 2],
    ['n != 1)', 'Unexpected ")" at position 6', 6],
    ['n 1', 'Unexpected "1" at position 2', 2],
    ['n;;', 'Unexpected ";" at position 2', 2],
    ['n; 1', 'Unexpected "1" at position 3', 3],
    ['x', 'Unexpected "x" at position 0', 0],
    ['n = 1', 'Unexpected "=" at position 2', 2],
    ['n ? 1 ; 2', 'Unexpected ";" at position 6', 6],
  ])('rejects %j with %j', (formula, message, position) => {
    let thrown: unknown;
    try {
      parsePluralFormula(formula);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(PluralFormulaError);
    expect(thrown).toMatchObject({ name: 'PluralFormulaError', message, position });
  });
});

describe('pluralType', () => {
  it.each([
    [1, '0', PluralType.NONE],
    [2, 'n != 1', PluralType.ONE_OTHER],
    [2, 'n > 1', PluralType.ONE_OTHER],
    [2, '(n != 1)', PluralType.ONE_OTHER],
    [2, 'plural=(n != 1);', PluralType.ONE_OTHER],
    [2, 'n%10!=1 || n%100==11', PluralType.ONE_OTHER], // Icelandic
    [2, 'n != 1 && n != 2 && n != 3 && (n % 10 == 4 || n % 10 == 6 || n % 10 == 9)', PluralType.ONE_OTHER], // Filipino: "one" is the larger form
    [3, '(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)', PluralType.ONE_FEW_OTHER], // Russian
    [3, '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2', PluralType.ONE_FEW_OTHER], // Czech
    [3, 'n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2', PluralType.ONE_FEW_OTHER], // Romanian
    [6, 'n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5', PluralType.ARABIC],
    [3, 'n==1 ? 0 : n==2 ? 1 : 2', PluralType.ONE_TWO_OTHER],
    [4, '(n==1) ? 0 : (n==2) ? 1 : (n == 3) ? 2 : 3', PluralType.ONE_TWO_THREE_OTHER],
    [4, '(n==1 || n==11) ? 0 : (n==2 || n==12) ? 1 : (n > 2 && n < 20) ? 2 : 3', PluralType.ONE_TWO_FEW_OTHER], // Scottish Gaelic
    [4, 'n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3', PluralType.ONE_TWO_FEW_OTHER], // Slovenian
    // Manx: "few" takes 100 but the catch-all is still the last, larger form
    [
      4,
      '(n % 10 == 1) ? 0 : ((n % 10 == 2) ? 1 : ((n % 100 == 0 || n % 100 == 20 || n % 100 == 40 || n % 100 == 60 || n % 100 == 80) ? 2 : 3))',
      PluralType.ONE_TWO_FEW_OTHER,
    ],
    [4, '(n == 1) ? 0 : ((n == 2) ? 1 : ((n > 10 && n % 10 == 0) ? 2 : 3))', PluralType.ONE_TWO_FEW_OTHER], // "few" from 20 on
    [3, 'n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2', PluralType.ONE_OTHER_ZERO], // Latvian
    [4, 'n==1 ? 0 : n==0 || ( n%100>1 && n%100<11) ? 1 : (n%100>10 && n%100<20 ) ? 2 : 3', PluralType.ONE_FEW_MANY_OTHER], // Maltese
    // "many" takes 100 and outnumbers "other" (21, 31, ...), yet the last form stays the catch-all
    [4, 'n==1 ? 0 : n%10>=2 && (n%100<10 || n%100>=20) ? 1 : n%10==0 || (n%100>10 && n%100<20) ? 2 : 3', PluralType.ONE_FEW_MANY_OTHER],
    [2, 'n==2 ? 0 : 1', PluralType.TWO_OTHER],
    [2, '(n==2) ? 1 : 0', PluralType.TWO_OTHER], // Weblate's own spelling, "other" first
    [5, 'n==1 ? 0 : n==2 ? 1 : n<7 ? 2 : n<11 ? 3 : 4', PluralType.ONE_TWO_FEW_MANY_OTHER], // Irish
    [
      5,
      '(n % 10 == 1 && n % 100 != 11 && n % 100 != 71 && n % 100 != 91) ? 0 : ((n % 10 == 2 && n % 100 != 12 && n % 100 != 72 && n % 100 != 92) ? 1 : ((((n % 10 == 3 || n % 10 == 4) || n % 10 == 9) && (n % 100 < 10 || n % 100 > 19) && (n % 100 < 70 || n % 100 > 79) && (n % 100 < 90 || n % 100 > 99)) ? 2 : ((n != 0 && n % 1000000 == 0) ? 3 : 4)))',
      PluralType.ONE_TWO_FEW_MANY_OTHER,
    ], // Breton
    [3, 'n==0 ? 0 : n==1 ? 1 : 2', PluralType.ZERO_ONE_OTHER],
    [4, 'n%100==1 ? 1 : n%100==2 ? 2 : n%100==3 || n%100==4 ? 3 : 0', PluralType.OTHER_ONE_TWO_FEW], // Slovenian as in some data sets
    [3, 'n==1 ? 0 : n==2 ? 2 : 1', PluralType.ONE_OTHER_TWO],
    [2, 'n==0 ? 0 : 1', PluralType.ZERO_OTHER],
    [4, 'n == 0 ? 0 : n == 1 ? 1 : ((n >= 2 && n <= 10) ? 2 : 3)', PluralType.ZERO_ONE_FEW_OTHER],
    [5, 'n==0 ? 0 : n%100==1 ? 1 : n%100==2 ? 2 : n%100==3 || n%100==4 ? 3 : 4', PluralType.ZERO_ONE_TWO_FEW_OTHER],
    [4, 'n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : 3', PluralType.ZERO_ONE_TWO_OTHER],
    [5, 'n==0 ? 0 : n==1 ? 1 : ( n%100>1 && n%100<11) ? 2 : (n%100>10 && n%100<20 ) ? 3 : 4', PluralType.ZERO_ONE_FEW_MANY_OTHER],
    [3, '(n == 1) ? 0 : ((n != 0 && n % 1000000 == 0) ? 1 : 2)', PluralType.ONE_MANY_OTHER],
    [4, '(n == 0) ? 0 : (n == 1) ? 1 : ((n != 0 && n % 1000000 == 0) ? 2 : 3)', PluralType.ZERO_ONE_MANY_OTHER],
  ])('classifies (%d, %j) as %d', (count, formula, expected) => {
    expect(pluralType(count, formula)).toBe(expected);
  });

  it.each([
    [3, 'n==1 ? 0 : 1'], // count does not match the formula
    [1, 'n != 1'],
    [0, '0'],
    [3, 'n==1 ? 0 : 2'], // form 1 is never used
    [2, 'n==1 ? -1 : 0'],
    [3, 'n%3'], // no plural layout hands out numbers round-robin
    [2, '(n==0 || n==1)'], // catch-all first, "one" second: not a Weblate layout
    [2, 'n !='], // unparsable
  ])('returns UNKNOWN for (%d, %j)', (count, formula) => {
    expect(pluralType(count, formula)).toBe(PluralType.UNKNOWN);
  });
});
