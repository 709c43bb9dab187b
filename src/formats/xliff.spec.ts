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

describe('XliffFormat with a template (monolingual, Symfony layout)', () => {
  const format = new XliffFormat();
  const template = fixture('xliff', 'messages.en.xlf');
  const de = fixture('xliff', 'messages.de.xlf');

  it('keys units by id, takes source strings from the template target, and lists keys the file lacks as untranslated', () => {
    const { units } = format.parse(de, { template, language: 'de' });
    expect(units.map((u) => [u.id, u.source, u.target, u.state])).toEqual([
      ['note', ['NOTE'], ['HINWEIS'], UnitState.Translated],
      ['menu.home', ['Homepage'], [''], UnitState.Empty],
      // A template unit without <target> is its <source>.
      ['menu.search', ['Search'], [''], UnitState.Empty],
    ]);
  });

  it('reads the template on its own as the source strings', () => {
    const { units } = format.parse(template, { monolingual: 'base' });
    expect(units.map((u) => [u.id, u.target])).toEqual([['note', ['NOTE']], ['menu.home', ['Homepage']], ['menu.search', ['Search']]]);
  });

  it('writes an edited key in place and a new key with the key as <source>, keeping keys the template lacks', () => {
    const own = format.parse(de, { monolingual: 'translation' }).units;
    const edited = [...withTarget(own, 'note', ['ANMERKUNG']), makeUnit(true, { context: 'menu.home', source: ['Homepage'], target: ['Startseite'] })];
    const out = format.serialize(edited, { original: de, template, language: 'de', monolingual: true });
    const text = out.toString();
    expect(text.split('\n').filter((line) => !de.toString().split('\n').includes(line))).toEqual([
      '                <target state="translated">ANMERKUNG</target>',
      '            <trans-unit id="menu.home">',
      '                <source>menu.home</source>',
      '                <target state="translated">Startseite</target>',
    ]);
    expect(text).toContain('<trans-unit id="legacy.only_here">\n                <source>legacy.only_here</source>\n                <target>Nur hier</target>');
    expect(text).toContain('            <trans-unit id="menu.home">\n                <source>menu.home</source>\n                <target state="translated">Startseite</target>\n            </trans-unit>\n        </body>');
    expect(format.parse(out, { template }).units.map((u) => u.target[0])).toEqual(['ANMERKUNG', 'Startseite', '']);
  });

  it('starts a new language from the template as a file with no units and its target language', () => {
    const out = format.serialize([], { template, language: 'fr', monolingual: true }).toString();
    expect(out).toContain('target-language="fr"');
    expect(out).not.toContain('<trans-unit');
    expect(format.parse(Buffer.from(out), { template }).units.map((u) => u.state)).toEqual([UnitState.Empty, UnitState.Empty, UnitState.Empty]);
  });
});
