import { runChecks } from '..';

const check = (source: string, target: string, flags = 'python-brace-format') =>
  runChecks({ source: [source], target: [target], flags, pluralCount: 2, languageCode: 'de' });

describe('python_brace_format', () => {
  it('accepts named fields in any order and escaped braces', () => {
    expect(check('{user} uploaded {count} files', '{count} Dateien von {user}')).toEqual([]);
    expect(check('Use {{braces}} for {name}', 'Nutze {{Klammern}} für {name}')).toEqual([]);
    expect(check('{name!r:>10} left', '{name!r:>10} ist gegangen')).toEqual([]);
  });

  it('reports a renamed or missing field', () => {
    expect(check('{user} uploaded {count} files', '{benutzer} hat {count} Dateien hochgeladen')).toEqual([
      'python_brace_format',
    ]);
    expect(check('{user} uploaded {count} files', '{user} hat Dateien hochgeladen')).toEqual(['python_brace_format']);
  });

  it('keeps automatic fields in order', () => {
    expect(check('{} of {}', '{} von {}')).toEqual([]);
    expect(check('{} of {}', '{}')).toEqual(['python_brace_format']);
  });

  it('reports a stray brace that str.format() would reject', () => {
    expect(check('Hello {name}', 'Hallo {name')).toEqual(['python_brace_format']);
    expect(check('Hello {name}', 'Hallo {name} }')).toEqual(['python_brace_format']);
  });

  it('runs only with its flag', () => {
    expect(check('Hello {name}', 'Hallo', '')).toEqual([]);
    expect(check('Hello {name}', 'Hallo', 'python-brace-format, ignore-python-brace-format')).toEqual([]);
  });
});
