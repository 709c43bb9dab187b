import { CsvFormat, CsvSimpleFormat } from './csv';
import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { FormatError, UnitState } from './translation-format';
import { keyedUnit, makeUnit } from './units';

describe('CsvFormat', () => {
  const format = new CsvFormat();
  const cs = fixture('csv', 'cs.csv');
  const options = { original: cs, language: 'cs' };

  it('reads named columns, fuzzy markers and quoted line breaks', () => {
    const { units } = format.parse(cs);
    expect(units.map((u) => [u.id, u.source, u.target, u.state, u.location, u.note])).toEqual([
      ['Hello, world', ['Hello, world'], ['Ahoj, světe'], UnitState.Translated, 'src/a.c:1', 'Greeting'],
      ['Multi\nline', ['Multi\nline'], ['Více\nřádků'], UnitState.Fuzzy, 'src/b.c:2', ''],
    ]);
  });

  it('reads files without a header by column count', () => {
    expect(format.parse(fixture('csv', 'headerless.csv')).units.map((u) => [u.location, u.source, u.target, u.state])).toEqual([
      ['src/x.c:1', ['Open'], ['Otevřít'], UnitState.Translated],
      ['src/y.c:2', ['Save, now'], [''], UnitState.Empty],
    ]);
  });

  it('round-trips and rewrites just the edited record, clearing its fuzzy marker', () => {
    const { units } = format.parse(cs);
    expect(format.serialize(units, options).equals(cs)).toBe(true);
    const out = format.serialize(withTarget(units, 'Multi\nline', ['Dva\nřádky']), options);
    expect(changedLines(cs, out)).toEqual({
      removed: ['line","Více', 'řádků","","True","","",""\r'],
      added: ['line","Dva', 'řádky","","False","","",""\r'],
    });
  });

  it('appends new records and starts new files with the full header', () => {
    const unit = makeUnit(false, { context: '', source: ['New'], target: ['Nový'] });
    expect(format.serialize([unit], { language: 'cs' }).toString()).toBe(
      '"location","source","target","id","fuzzy","context","translator_comments","developer_comments"\n"","New","Nový","","False","","",""\n',
    );
  });

  it('reports unbalanced quotes with the line', () => {
    expect(() => format.parse(fixture('csv', 'broken.csv'))).toThrow(FormatError);
    expect(() => format.parse(fixture('csv', 'broken.csv'))).toThrow(/^line 2: .*Quote Not Closed/);
  });
});

describe('CsvSimpleFormat', () => {
  const format = new CsvSimpleFormat();
  const simple = fixture('csv', 'simple.csv');

  it('reads key,value records and rewrites them in place', () => {
    const { units } = format.parse(simple);
    expect(units.map((u) => [u.id, u.target])).toEqual([['app.title', ['Demo']], ['menu.open', ['Open "file"']]]);
    expect(format.serialize(units, { original: simple, language: 'en' }).equals(simple)).toBe(true);
    const out = format.serialize([...withTarget(units, 'app.title', ['Ukázka, nová']), keyedUnit('x', ['y'])], { original: simple, language: 'cs' });
    expect(out.toString()).toBe('app.title,"Ukázka, nová"\nmenu.open,"Open ""file"""\nx,y\n');
  });
});
