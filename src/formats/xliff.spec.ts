import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { FormatError, UnitState } from './translation-format';
import { makeUnit } from './units';
import { Xliff2Format, XliffFormat } from './xliff';

describe('XliffFormat (1.2)', () => {
  const format = new XliffFormat();
  const cs = fixture('xliff', 'cs.xlf');
  const options = { original: cs, language: 'cs' };

  it('reads units through groups, keeping inline markup and mapping states', () => {
    const { units, header } = format.parse(cs);
    expect(header.language).toBe('cs');
    expect(units.map((u) => [u.context, u.source, u.target, u.state])).toEqual([
      ['greeting', ['Hello <g id="1">world</g>'], ['Ahoj <g id="1">světe</g>'], UnitState.Translated],
      ['menu.open', ['Open'], ['Otevřít'], UnitState.Fuzzy],
      ['menu.close', ['Close & exit'], ['Zavřít & ukončit'], UnitState.Approved],
      ['untranslated', ['Untranslated'], [''], UnitState.Empty],
      ['fixed', ['ACME'], [''], UnitState.ReadOnly],
    ]);
    expect(units[0].note).toBe('Shown on start');
  });

  it('round-trips and patches the target and its state', () => {
    const { units } = format.parse(cs);
    expect(format.serialize(units, options).equals(cs)).toBe(true);
    const out = format.serialize(withTarget(units, units[1].id, ['Otevřít <b>soubor</b>']), options);
    expect(changedLines(cs, out)).toEqual({
      removed: ['          <target state="needs-review-translation">Otevřít</target>'],
      added: ['          <target state="translated">Otevřít <b>soubor</b></target>'],
    });
  });

  it('adds a missing target after the source and new units at the end of the body', () => {
    const { units } = format.parse(cs);
    const added = makeUnit(false, { context: 'new', source: ['New'], target: ['Nový'] });
    const out = format.serialize([...withTarget(units, units[3].id, ['Nepřeloženo & co'], UnitState.Fuzzy), added], options).toString();
    expect(out).toContain('<source>Untranslated</source>\n        <target state="needs-review-translation">Nepřeloženo &amp; co</target>\n');
    expect(out).toContain('      </trans-unit>\n      <trans-unit id="new">\n        <source>New</source>\n        <target state="translated">Nový</target>\n      </trans-unit>\n    </body>');
  });

  it('sets the target language when a translation starts from the template', () => {
    const { units } = format.parse(cs);
    const out = format.serialize(units, { template: cs, language: 'de' });
    expect(changedLines(cs, out).added).toEqual(['  <file original="app" source-language="en" target-language="de" datatype="plaintext">']);
  });

  it('refuses external entities', () => {
    expect(() => format.parse(fixture('xliff', 'xxe.xlf'))).toThrow(new FormatError('entity declarations are not allowed', 3, 3));
  });
});

describe('Xliff2Format', () => {
  const format = new Xliff2Format();
  const cs = fixture('xliff', 'cs.xliff2.xlf');
  const options = { original: cs, language: 'cs' };

  it('reads segments with states and notes', () => {
    const { units, header } = format.parse(cs);
    expect(header.language).toBe('cs');
    expect(units.map((u) => [u.context, u.target, u.state, u.note])).toEqual([
      ['greeting', ['Ahoj <pc id="1">světe</pc>'], UnitState.Translated, 'Shown on start'],
      ['draft', ['Koncept'], UnitState.Fuzzy, ''],
      ['empty', [''], UnitState.Empty, ''],
    ]);
  });

  it('round-trips, approves a segment and fills an empty one', () => {
    const { units } = format.parse(cs);
    expect(format.serialize(units, options).equals(cs)).toBe(true);
    const approved = format.serialize(withTarget(units, units[1].id, ['Koncept'], UnitState.Approved), options);
    expect(changedLines(cs, approved)).toEqual({ removed: ['      <segment state="initial">'], added: ['      <segment state="final">'] });
    const filled = format.serialize(withTarget(units, units[2].id, ['Prázdné']), options).toString();
    expect(filled).toContain('<segment state="translated">\n        <source>Empty</source>\n        <target>Prázdné</target>\n      </segment>');
  });
});
