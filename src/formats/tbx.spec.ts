import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { TbxFormat } from './tbx';
import { FormatError, UnitState } from './translation-format';
import { makeUnit } from './units';

const format = new TbxFormat();
const cs = fixture('tbx', 'cs.tbx');
const options = { original: cs, language: 'cs' };

describe('TbxFormat', () => {
  it('reads the source langSet by the file language, whatever its position, and descrip/note as notes', () => {
    const { units, header } = format.parse(cs, { language: 'cs' });
    expect(header.language).toBe('cs');
    expect(units.map((u) => [u.context, u.source, u.target, u.state, u.note])).toEqual([
      ['file', ['file'], ['soubor'], UnitState.Translated, 'A named collection of data'],
      ['', ['Save & close'], ['Uložit & zavřít'], UnitState.Translated, 'Menu item'],
      ['commit', ['commit'], [''], UnitState.Empty, ''],
    ]);
  });

  it('round-trips byte for byte and patches one term', () => {
    const { units } = format.parse(cs);
    expect(format.serialize(units, options).equals(cs)).toBe(true);
    const out = format.serialize(withTarget(units, units[0].id, ['soubor <&>']), options);
    expect(changedLines(cs, out)).toEqual({
      removed: ['                        <term>soubor</term>'],
      added: ['                        <term>soubor &lt;&amp;&gt;</term>'],
    });
  });

  it('adds a target langSet to an entry without one, removes and appends entries', () => {
    const { units } = format.parse(cs);
    const added = makeUnit(false, { context: 'branch', source: ['branch'], target: ['větev'], note: 'VCS' });
    const out = format.serialize([...withTarget(units.slice(1), units[2].id, ['zapsat']), added], options);
    expect(out.toString()).not.toContain('<termEntry id="file">');
    expect(format.parse(out, { language: 'cs' }).units.map((u) => [u.context, u.source, u.target, u.note])).toEqual([
      ['', ['Save & close'], ['Uložit & zavřít'], 'Menu item'],
      ['commit', ['commit'], ['zapsat'], ''],
      ['branch', ['branch'], ['větev'], 'VCS'],
    ]);
    expect(out.toString()).toContain(
      '                </langSet>\n                <langSet xml:lang="cs">\n                    <tig>\n                        <term>zapsat</term>\n                    </tig>\n                </langSet>\n            </termEntry>',
    );
  });

  it('starts new glossaries in the source language it is given', () => {
    const out = format.serialize([makeUnit(false, { context: '', source: ['Hello'], target: ['Ahoj'] })], { language: 'cs', sourceLanguage: 'de' });
    expect(out.toString()).toContain('<martif type="TBX" xml:lang="de">');
    expect(format.parse(out).units.map((u) => [u.source, u.target])).toEqual([[['Hello'], ['Ahoj']]]);
  });

  it('refuses entity declarations', () => {
    expect(() => format.parse(fixture('tbx', 'billion-laughs.tbx'))).toThrow(FormatError);
  });
});
