import { CheckInput, runChecks } from '.';

const check = (source: string[], target: string[], flags: string, extra: Partial<CheckInput> = {}) =>
  runChecks({ source, target, flags, pluralCount: 2, languageCode: 'de', ...extra });

describe('placeholders', () => {
  it('accepts a translation keeping every placeholder, in any order', () => {
    expect(check(['Hello $NAME$, see $URL$'], ['Siehe $URL$, $NAME$'], 'placeholders:$NAME$:$URL$')).toEqual([]);
  });

  it('reports a missing or an extra placeholder', () => {
    expect(check(['Hello $NAME$'], ['Hallo'], 'placeholders:$NAME$:$URL$')).toEqual(['placeholders']);
    expect(check(['Hello $NAME$'], ['Hallo $NAME$ $URL$'], 'placeholders:$NAME$:$URL$')).toEqual(['placeholders']);
  });

  it('matches r"…" parameters as regular expressions', () => {
    const flags = 'placeholders:r"%[A-Z_]+%"';
    expect(check(['Send to %EMAIL%'], ['An %EMAIL% senden'], flags)).toEqual([]);
    expect(check(['Send to %EMAIL%'], ['An %MAIL% senden'], flags)).toEqual(['placeholders']);
  });

  it('compares case-insensitively with case-insensitive', () => {
    expect(check(['Hello $NAME$'], ['Hallo $name$'], 'placeholders:$NAME$')).toEqual(['placeholders']);
    expect(check(['Hello $NAME$'], ['Hallo $name$'], 'placeholders:$NAME$, case-insensitive')).toEqual([]);
  });

  it('lets the singular form drop the count placeholder', () => {
    const flags = 'placeholders:{count}';
    expect(check(['One item', '{count} items'], ['Ein Element', '{count} Elemente'], flags)).toEqual([]);
    expect(check(['One item', '{count} items'], ['Ein Element', 'Elemente'], flags)).toEqual(['placeholders']);
  });

  it('is off without its flag or with ignore-placeholders', () => {
    expect(check(['Hello $NAME$'], ['Hallo'], '')).toEqual([]);
    expect(check(['Hello $NAME$'], ['Hallo'], 'placeholders:$NAME$, ignore-placeholders')).toEqual([]);
  });
});
