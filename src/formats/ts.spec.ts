import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { TranslationUnit, UnitState } from './translation-format';
import { TsFormat } from './ts';
import { makeUnit } from './units';

const format = new TsFormat();
// Not named .ts: the type checker would read the fixture as TypeScript.
const cs = fixture('ts', 'cs.ts.xml');
const options = { original: cs, language: 'cs' };
const byId = (units: TranslationUnit[], source: string): TranslationUnit => units.find((u) => u.source[0] === source)!;

describe('TsFormat', () => {
  it('reads messages with contexts, numerus forms, states and comments', () => {
    const { units, header } = format.parse(cs);
    expect(header.language).toBe('cs_CZ');
    expect(units.map((u) => [u.context, u.source, u.target, u.state])).toEqual([
      ['MainWindow', ['&File'], ['&Soubor'], UnitState.Translated],
      ['MainWindow\nverb', ['Open'], ['Otevřít'], UnitState.Fuzzy],
      ['MainWindow', ['%n file', '%n files'], ['%n soubor', '%n soubory', '%n souborů'], UnitState.Translated],
      ['MainWindow', ['Quit'], [''], UnitState.Empty],
    ]);
    expect(units[1]).toMatchObject({ note: 'Menu entry', location: '../src/mainwindow.cpp:50', id: 'OpenMainWindow\nverb' });
  });

  it('round-trips and rewrites only the translation element', () => {
    const { units } = format.parse(cs);
    expect(format.serialize(units, options).equals(cs)).toBe(true);
    const confirmed = format.serialize(withTarget(units, byId(units, 'Open').id, ['Otevřít "soubor"']), options);
    expect(changedLines(cs, confirmed)).toEqual({
      removed: ['        <translation type="unfinished">Otevřít</translation>'],
      added: ['        <translation>Otevřít &quot;soubor&quot;</translation>'],
    });
    const numerus = units.find((unit) => unit.source[0] === '%n file')!;
    const out = format.serialize(withTarget(units, numerus.id, ['1', '2', '5'], UnitState.Fuzzy), options);
    expect(changedLines(cs, out)).toEqual({
      removed: ['        <translation>', '            <numerusform>%n soubor</numerusform>', '            <numerusform>%n soubory</numerusform>', '            <numerusform>%n souborů</numerusform>'],
      added: ['        <translation type="unfinished">', '            <numerusform>1</numerusform>', '            <numerusform>2</numerusform>', '            <numerusform>5</numerusform>'],
    });
  });

  it('adds messages to their context and removes dropped ones', () => {
    const { units } = format.parse(cs);
    const added = makeUnit(false, { context: 'Dialog', source: ['Cancel'], target: ['Zrušit'] });
    const out = format.serialize([...units.filter((u) => u.source[0] !== 'Quit'), added], options).toString();
    expect(out).not.toContain('<source>Quit</source>');
    expect(out).toContain('<source>Old</source>');
    expect(out.endsWith('</context>\n<context>\n    <name>Dialog</name>\n    <message>\n        <source>Cancel</source>\n        <translation>Zrušit</translation>\n    </message>\n</context>\n</TS>\n')).toBe(true);
  });
});
