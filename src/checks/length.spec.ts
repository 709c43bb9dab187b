import { CheckInput, runChecks } from '.';

const check = (source: string[], target: string[], flags: string, extra: Partial<CheckInput> = {}) =>
  runChecks({ source, target, flags, pluralCount: 2, languageCode: 'de', ...extra });

describe('max-length', () => {
  it('reports a form longer than the limit', () => {
    expect(check(['Save'], ['Speichern'], 'max-length:6')).toEqual(['max-length']);
    expect(check(['Save'], ['Sichern'], 'max-length:7')).toEqual([]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(check(['Smile'], ['😀😀😀'], 'max-length:3')).toEqual([]);
  });

  it('checks every plural form', () => {
    expect(check(['%d file', '%d files'], ['%d Datei', '%d Dateien'], 'max-length:9')).toEqual(['max-length']);
  });

  it('needs its flag with a number, and yields to ignore-max-length', () => {
    expect(check(['Save'], ['Speichern'], '')).toEqual([]);
    expect(check(['Save'], ['Speichern'], 'max-length:many')).toEqual([]);
    expect(check(['Save'], ['Speichern'], 'max-length:6, ignore-max-length')).toEqual([]);
  });
});
