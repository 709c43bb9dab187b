import { quoteFormula, unquoteFormula } from './spreadsheet-formula';

describe('spreadsheet formulas', () => {
  it.each([
    ['=HYPERLINK("https://evil.example", "x")', `'=HYPERLINK("https://evil.example", "x")'`],
    ['+1', "'+1'"],
    ['-1', "'-1'"],
    ['@SUM(A1)', "'@SUM(A1)'"],
    ['|cmd', "'\\|cmd'"],
    ['%d files', "'%d files'"],
    ['\t=1', "'\t=1'"],
    ['\r=1', "'\r=1'"],
    ['Hello', 'Hello'],
    ["'quoted'", "'quoted'"],
    ['', ''],
  ])('quotes %j as %j, and reads it back', (text, quoted) => {
    expect(quoteFormula(text)).toBe(quoted);
    expect(unquoteFormula(quoted)).toBe(text);
  });

  it('leaves text quoted by someone else as it is', () => {
    expect(unquoteFormula("'Hello'")).toBe("'Hello'");
    expect(unquoteFormula("''")).toBe("''");
  });
});
