import { CheckInput, runChecks } from '.';

const czech = (target: string[], extra: Partial<CheckInput> = {}) =>
  runChecks({ source: ['%d file', '%d files'], target, flags: 'c-format', pluralCount: 3, languageCode: 'cs', ...extra });

describe('plurals', () => {
  it('accepts every form translated', () => {
    expect(czech(['%d soubor', '%d soubory', '%d souborů'])).toEqual([]);
  });

  it('reports an empty or absent form', () => {
    expect(czech(['%d soubor', '', '%d souborů'])).toEqual(['plurals']);
    expect(czech(['%d soubor', '%d soubory'])).toEqual(['plurals']);
  });

  it('does not check a string with no form translated', () => {
    expect(czech(['', '', ''])).toEqual([]);
  });

  it('does not apply to strings that are not plural', () => {
    expect(runChecks({ source: ['File'], target: ['Soubor'], flags: '', pluralCount: 3, languageCode: 'cs' })).toEqual([]);
  });

  it('is turned off by ignore-plurals', () => {
    expect(czech(['%d soubor', '', '%d souborů'], { flags: 'c-format, ignore-plurals' })).toEqual([]);
  });
});
