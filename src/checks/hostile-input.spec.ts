import { CheckInput, MAX_CHECKED_LENGTH, regexFlagProblem, runChecks } from '.';

const check = (source: string, target: string, extra: Partial<CheckInput> = {}) =>
  runChecks({ source: [source], target: [target], flags: '', pluralCount: 2, languageCode: 'de', ...extra });

/**
 * Input built to make backtracking regular expressions take exponential or quadratic time. These tests assert
 * results only: on a backtracking engine they would not finish within the test timeout.
 */
describe('checks on hostile input', () => {
  it('runs a user pattern that backtracks exponentially on JavaScript in linear time', () => {
    const flags = 'placeholders:r"(a|a)*b"';
    expect(check('Value: aab', 'a'.repeat(34), { flags })).toEqual(['placeholders']);
    expect(check('Value: aab', `Wert: aab ${'a'.repeat(5000)}`, { flags })).toEqual([]);
  });

  it("runs the 'same' check's e-mail and domain patterns in linear time on long strings without a match", () => {
    const source = `${'a.'.repeat(24_000)} needs translating`;
    expect(check(source, source)).toEqual(['same']);
    const emails = `${'a@b.'.repeat(12_000)}`;
    expect(check(emails, emails)).toEqual([]);
  });

  it('checks strings longer than the limit for their length only', () => {
    const long = `${'word '.repeat(MAX_CHECKED_LENGTH / 5)} end`;
    expect(long.length).toBeGreaterThan(MAX_CHECKED_LENGTH);
    expect(check(long, `${long}  `, { flags: 'max-length:10' })).toEqual(['max-length']);
    expect(check(long, long)).toEqual([]);
  });
});

describe('regexFlagProblem', () => {
  it('accepts flags whose patterns RE2 compiles', () => {
    expect(regexFlagProblem('placeholders:r"%\\w+%":$NAME$, max-length:80')).toBeNull();
    expect(regexFlagProblem('placeholders:r"(a|a)*b"')).toBeNull();
  });

  it.each(['placeholders:r"(?=x)y"', 'placeholders:r"(\\w)\\1"', 'placeholders:r"[a-z"'])('refuses %s', (flags) => {
    expect(regexFlagProblem(flags)).toMatch(/^Invalid regular expression r".*": .+\.$/);
  });
});
