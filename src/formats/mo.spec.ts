import { fixture } from './fixtures/fixture';
import { MoFormat } from './mo';
import { PoFormat } from './po';
import { FormatError } from './translation-format';

const format = new MoFormat();

describe('MoFormat', () => {
  it('compiles translated messages like msgfmt, skipping fuzzy and untranslated ones', () => {
    const po = fixture('po', 'cs.po');
    const mo = format.serialize(new PoFormat().parse(po).units, { original: po, language: 'cs' });
    expect(mo.readUInt32LE(0)).toBe(0x950412de);
    const { units, header } = format.parse(mo);
    expect(header).toEqual({ language: 'cs', pluralForms: 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;' });
    expect(units.map((u) => [u.context, u.source, u.target])).toEqual(
      expect.arrayContaining([
        ['', ['Hello, world!'], ['Ahoj, světe!']],
        ['', ['%d file', '%d files'], ['%d soubor', '%d soubory', '%d souborů']],
        ['menu', ['Open'], ['Otevřít']],
      ]),
    );
    expect(units.map((u) => u.source[0])).not.toContain('Delete %(name)s permanently?');
    expect(units.some((u) => u.context === 'verb')).toBe(false);
  });

  it('rejects data that is not a catalog', () => {
    expect(() => format.parse(Buffer.from('not an mo file'))).toThrow(FormatError);
  });
});
