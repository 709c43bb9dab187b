import { CheckInput, runChecks } from '.';

const check = (source: string, target: string, extra: Partial<CheckInput> = {}) =>
  runChecks({ source: [source], target: [target], flags: '', pluralCount: 2, languageCode: 'de', ...extra });

describe('whitespace checks', () => {
  it('accepts matching newlines and spaces', () => {
    expect(check('\nDelete the file? ', '\nDatei löschen? ')).toEqual([]);
  });

  it('reports a missing or extra newline at either end', () => {
    expect(check('\nDelete the file?', 'Datei löschen?')).toEqual(['begin_newline']);
    expect(check('Delete the file', 'Datei löschen\n')).toEqual(['end_newline']);
  });

  it('compares the number of leading spaces', () => {
    expect(check('  Name', ' Name des Kontos')).toEqual(['begin_space']);
    expect(check('  Name', '  Name des Kontos')).toEqual([]);
  });

  it('compares the number of trailing spaces', () => {
    expect(check('Total ', 'Summe')).toEqual(['end_space']);
    expect(check('Total', 'Summe ')).toEqual(['end_space']);
    expect(check('Total ', 'Summe ')).toEqual([]);
  });

  it('leaves one-character separators and space-only translations alone', () => {
    expect(check(',', ' ')).toEqual([]);
    expect(check(' of ', ' ')).toEqual([]);
  });

  it('reports a double space the source does not have', () => {
    expect(check('Open the file', 'Datei  öffnen')).toEqual(['double_space']);
    expect(check('Column  A', 'Spalte  A')).toEqual([]);
  });

  it('counts literal \\n escapes', () => {
    expect(check('First line\\nSecond line', 'Erste Zeile\\nZweite Zeile')).toEqual([]);
    expect(check('First line\\nSecond line', 'Erste Zeile Zweite Zeile')).toEqual(['escaped_newline']);
  });

  it('is turned off by its ignore flag', () => {
    expect(check('Total ', 'Summe', { flags: 'ignore-end-space' })).toEqual([]);
    expect(check('\nDelete the file?', 'Datei löschen?', { flags: 'ignore-begin-newline' })).toEqual([]);
  });
});
