import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { JsonFormat, JsonNestedFormat } from './json';
import { FormatError, TranslationUnit, UnitState } from './translation-format';
import { keyedUnit } from './units';

const format = new JsonFormat();
const en = fixture('json', 'en.json');
const cs = fixture('json', 'cs.json');

describe('JsonFormat', () => {
  it('flattens nested keys with dots and array indexes, skipping non-strings and keeping numeric keys in file order', () => {
    const { units } = format.parse(en);
    expect(units.map((u) => [u.id, u.target[0]])).toEqual([
      ['app.title', 'Demo'],
      ['app.tagline', 'Translate "everything" — fast'],
      ['menu.items[0]', 'Open'],
      ['menu.items[1]', 'Save'],
      ['menu.items[2]', 'Quit'],
      ['10', 'Ten'],
      ['2', 'Two'],
      ['farewell', 'Goodbye'],
    ]);
    expect(units[0]).toEqual({
      id: 'app.title', context: 'app.title', source: ['Demo'], target: ['Demo'], state: UnitState.Translated,
      note: '', location: '', flags: '', previousSource: '', position: 1,
    });
  });

  it('reads a translation against the template', () => {
    const units = format.parse(cs, { template: en }).units;
    expect(units.find((u) => u.id === 'app.title')).toMatchObject({ source: ['Demo'], target: ['Ukázka'], state: UnitState.Translated });
    expect(units.find((u) => u.id === 'farewell')).toMatchObject({ source: ['Goodbye'], target: [''], state: UnitState.Empty });
  });

  it('round-trips byte for byte and patches one string in place', () => {
    const units = format.parse(cs, { template: en }).units;
    expect(format.serialize(units, { original: cs, language: 'cs' }).equals(cs)).toBe(true);
    const out = format.serialize(withTarget(units, 'menu.items[2]', ['Ukončit']), { original: cs, language: 'cs' });
    expect(changedLines(cs, out)).toEqual({
      removed: ['    "items": ["Otevřít", "Uložit", "Konec"],'],
      added: ['    "items": ["Otevřít", "Uložit", "Ukončit"],'],
    });
  });

  it('rebuilds with the same indentation and member order when keys are added or removed', () => {
    const units = format.parse(cs, { template: en }).units.filter((u) => u.id !== 'app.tagline');
    const added: TranslationUnit = keyedUnit('new.key', ['Nový']);
    const out = format.serialize([...units, added], { original: cs, language: 'cs' }).toString();
    expect(out).toBe(
      '{\n  "app": {\n    "title": "Ukázka",\n    "version": 2\n  },\n  "menu": {\n    "items": [\n      "Otevřít",\n' +
        '      "Uložit",\n      "Konec"\n    ],\n    "enabled": true\n  },\n  "10": "Deset",\n  "2": "Dva",\n' +
        '  "farewell": "",\n  "new.key": "Nový"\n}\n',
    );
  });

  it('makes a new translation from the template', () => {
    const units = format.parse(en).units.map((u) => ({ ...u, target: [''], state: UnitState.Empty }));
    const out = format.serialize(withTarget(units, 'app.title', ['Titre']), { template: en, language: 'fr' }).toString();
    expect(out).toContain('"title": "Titre",\n    "version": 2,\n    "tagline": ""');
  });

  it('writes nested objects for new keys in json-nested', () => {
    const out = new JsonNestedFormat().serialize([keyedUnit('a.b', ['x']), keyedUnit('a.c[0]', ['y'])], { language: 'cs' });
    expect(out.toString()).toBe('{\n    "a": {\n        "b": "x",\n        "c": [\n            "y"\n        ]\n    }\n}\n');
  });

  it('reports syntax errors with line and column', () => {
    expect(() => format.parse(fixture('json', 'broken.json'))).toThrow(new FormatError('expected ":"', 3, 12));
    expect(() => format.parse(Buffer.from('{"a": "b'))).toThrow('line 1, column 7: unterminated string');
  });
});
