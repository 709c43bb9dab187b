import { CheckInput, runChecks } from '..';

const check = (source: string, target: string, flags: string, extra: Partial<CheckInput> = {}) =>
  runChecks({ source: [source], target: [target], flags, pluralCount: 2, languageCode: 'de', ...extra });

describe('python_format', () => {
  it('accepts the same placeholders', () => {
    expect(check('Deleted %d of %s', '%d von %s gelöscht', 'python-format')).toEqual([]);
  });

  it('reports a missing, extra or reordered positional placeholder', () => {
    expect(check('Deleted %d of %s', '%d gelöscht', 'python-format')).toEqual(['python_format']);
    expect(check('Deleted %d', '%d von %s gelöscht', 'python-format')).toEqual(['python_format']);
    expect(check('Deleted %d of %s', '%s: %d gelöscht', 'python-format')).toEqual(['python_format']);
  });

  it('lets named placeholders move, but not change', () => {
    expect(check('%(count)d files in %(dir)s', 'In %(dir)s: %(count)d Dateien', 'python-format')).toEqual([]);
    expect(check('%(count)d files in %(dir)s', 'In %(folder)s: %(count)d Dateien', 'python-format')).toEqual([
      'python_format',
    ]);
  });

  it('treats %% as an escaped percent sign', () => {
    expect(check('%d%% done', '%d %% erledigt', 'python-format')).toEqual([]);
    expect(check('%d%% done', '%d erledigt', 'python-format')).toEqual([]);
  });

  it('runs only with python-format and yields to ignore-python-format', () => {
    expect(check('Deleted %d of %s', '%d gelöscht', '')).toEqual([]);
    expect(check('Deleted %d of %s', '%d gelöscht', 'python-format, ignore-python-format')).toEqual([]);
  });
});

describe('c_format', () => {
  it('accepts numbered placeholders in a new order', () => {
    expect(check('%1$s has %2$d items', '%2$d Elemente hat %1$s', 'c-format')).toEqual([]);
  });

  it('reports a changed conversion or a dropped argument', () => {
    expect(check('%s has %d items', '%s hat %s Elemente', 'c-format')).toEqual(['c_format']);
    expect(check('%1$s has %2$d items', '%1$s hat Elemente', 'c-format')).toEqual(['c_format']);
  });

  it('ignores the locale grouping flag', () => {
    expect(check("%'d bytes", '%d Bytes', 'c-format')).toEqual([]);
  });
});

describe('php_format and java_printf_format', () => {
  it('compare PHP placeholders', () => {
    expect(check('%1$s wrote %2$d posts', '%1$s schrieb %2$d Beiträge', 'php-format')).toEqual([]);
    expect(check('%1$s wrote %2$d posts', '%1$s schrieb Beiträge', 'php-format')).toEqual(['php_format']);
  });

  it('compare Java placeholders, date conversions included', () => {
    expect(check('Saved on %tY by %s', 'Am %tY von %s gespeichert', 'java-printf-format')).toEqual([]);
    expect(check('Saved on %tY by %s', 'Am %tm von %s gespeichert', 'java-printf-format')).toEqual([
      'java_printf_format',
    ]);
  });
});

describe('format strings in plurals', () => {
  const plural = (target: string[], flags = 'c-format') =>
    runChecks({ source: ['One file', '%d files'], target, flags, pluralCount: 3, languageCode: 'cs' });

  it('lets the singular spell the number out, but not the other forms', () => {
    expect(plural(['Jeden soubor', '%d soubory', '%d souborů'])).toEqual([]);
    expect(plural(['Jeden soubor', '%d soubory', 'Mnoho souborů'])).toEqual(['c_format']);
  });

  it('holds the singular to the placeholders with strict-format', () => {
    expect(plural(['Jeden soubor', '%d soubory', '%d souborů'], 'c-format, strict-format')).toEqual(['c_format']);
  });

  it('still reports an extra placeholder in the singular', () => {
    expect(plural(['%s soubor', '%d soubory', '%d souborů'])).toEqual(['c_format']);
  });

  it('compares a language with one form against the source plural', () => {
    const source = ['%d file', '%d files'];
    expect(runChecks({ source, target: ['%d 个文件'], flags: 'c-format', pluralCount: 1, languageCode: 'zh' })).toEqual([]);
    expect(runChecks({ source, target: ['文件'], flags: 'c-format', pluralCount: 1, languageCode: 'zh' })).toEqual([
      'c_format',
    ]);
  });
});
