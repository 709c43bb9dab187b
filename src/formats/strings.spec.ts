import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { StringsFormat } from './strings';
import { FormatError } from './translation-format';
import { keyedUnit } from './units';

const format = new StringsFormat();
const utf16 = fixture('strings', 'cs.strings');
const utf8 = fixture('strings', 'cs-utf8.strings');

describe('StringsFormat', () => {
  it('reads UTF-16 and UTF-8 files alike, with comments as notes', () => {
    const expected = [
      ['window.title', ['Hlavní okno'], 'Title of the main window'],
      ['button.ok', ['OK'], 'Button'],
      ['bare_key', ['Bez uvozovek'], ''],
      ['escapes', ['Řádek\nDruhý "citát" \\ é'], ''],
      ['empty', [''], ''],
    ];
    expect(format.parse(utf16).units.map((u) => [u.id, u.target, u.note])).toEqual(expected);
    expect(format.parse(utf8).units.map((u) => [u.id, u.target, u.note])).toEqual(expected);
  });

  it('round-trips both encodings byte for byte', () => {
    expect(format.serialize(format.parse(utf16).units, { original: utf16, language: 'cs' }).equals(utf16)).toBe(true);
    expect(format.serialize(format.parse(utf8).units, { original: utf8, language: 'cs' }).equals(utf8)).toBe(true);
  });

  it('writes an edit in the original encoding, changing only that pair', () => {
    const { units } = format.parse(utf16);
    const out = format.serialize(withTarget(units, 'button.ok', ['Dobře "ano"']), { original: utf16, language: 'cs' });
    expect(out.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xfe]));
    expect(changedLines(utf16.toString('utf16le'), out.toString('utf16le'))).toEqual({
      removed: ['"button.ok" = "OK";'],
      added: ['"button.ok" = "Dobře \\"ano\\"";'],
    });
  });

  it('removes a pair with its comment and appends new pairs', () => {
    const { units } = format.parse(utf8);
    const out = format.serialize([...units.filter((u) => u.id !== 'button.ok'), keyedUnit('new', ['Nový'], { note: 'Added' })], {
      original: utf8,
      language: 'cs',
    });
    expect(out.toString()).toBe(utf8.toString().replace('// Button\n"button.ok" = "OK";\n', '') + '/* Added */\n"new" = "Nový";\n');
  });

  it('reports syntax errors with the line', () => {
    expect(() => format.parse(fixture('strings', 'broken.strings'))).toThrow(new FormatError('expected ";"', 3, 1));
  });
});
