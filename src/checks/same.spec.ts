import { CheckInput, runChecks } from '.';

const check = (source: string, target: string, extra: Partial<CheckInput> = {}) =>
  runChecks({ source: [source], target: [target], flags: '', pluralCount: 2, languageCode: 'de', ...extra });

describe('same', () => {
  it('reports a translation identical to the source', () => {
    expect(check('Save changes', 'Save changes')).toEqual(['same']);
  });

  it('compares case-sensitively and ignores surrounding whitespace', () => {
    expect(check('Save changes', 'save changes')).toEqual([]);
    expect(check('Save changes', ' Save changes')).toEqual(['same', 'begin_space']);
  });

  it('accepts strings that need no translation', () => {
    expect(check('OK', 'OK')).toEqual([]);
    expect(check('1:4', '1:4')).toEqual([]);
    expect(check('x', 'x')).toEqual([]);
    expect(check('https://weblate.org/', 'https://weblate.org/')).toEqual([]);
    expect(check('support@example.com', 'support@example.com')).toEqual([]);
    expect(check('© 2024 Example Ltd', '© 2024 Example Ltd')).toEqual([]);
    expect(check('%s: %d', '%s: %d', { flags: 'c-format' })).toEqual([]);
  });

  it('treats an all-capital pair as a shortcut', () => {
    expect(check('CTRL+SHIFT', 'CTRL+SHIFT')).toEqual([]);
  });

  it('reports every unchanged string with strict-same', () => {
    expect(check('Mr', 'Mr')).toEqual([]);
    expect(check('Mr', 'Mr', { flags: 'strict-same' })).toEqual(['same']);
  });

  it('is turned off by ignore-same', () => {
    expect(check('Save changes', 'Save changes', { flags: 'ignore-same' })).toEqual([]);
  });

  it('checks each plural form against its source form', () => {
    const plural = { source: ['%d file', '%d files'], flags: 'c-format', pluralCount: 2 };
    expect(runChecks({ ...plural, target: ['%d Datei', '%d files'], languageCode: 'de' })).toEqual(['same']);
    expect(runChecks({ ...plural, target: ['%d Datei', '%d Dateien'], languageCode: 'de' })).toEqual([]);
  });
});
