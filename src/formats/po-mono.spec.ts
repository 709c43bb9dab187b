import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { PoMonoFormat } from './po-mono';
import { UnitState } from './translation-format';

const format = new PoMonoFormat();
const en = fixture('po-mono', 'en.po');
const cs = fixture('po-mono', 'cs.po');

describe('PoMonoFormat', () => {
  it('reads the template on its own with msgstr as both source and target', () => {
    const { units } = format.parse(en);
    expect(units.map((u) => [u.id, u.source, u.target])).toEqual([
      ['home.greeting', ['Hello!'], ['Hello!']],
      ['button.save', ['Save'], ['Save']],
      ['items.count', ['%d item', '%d items'], ['%d item', '%d items']],
      ['farewell', ['Goodbye'], ['Goodbye']],
    ]);
  });

  it('reads a translation against its template: keys, order and sources come from the template', () => {
    const { units, header } = format.parse(cs, { template: en });
    expect(header.language).toBe('cs');
    expect(units).toEqual([
      expect.objectContaining({ id: 'home.greeting', context: 'home.greeting', source: ['Hello!'], target: ['Ahoj!'], state: UnitState.Translated, note: 'Greeting on the home page', position: 1 }),
      expect.objectContaining({ id: 'button.save', source: ['Save'], target: ['Uložit'], position: 2 }),
      expect.objectContaining({ id: 'items.count', source: ['%d item', '%d items'], target: ['%d položka', '%d položky', '%d položek'], state: UnitState.Fuzzy }),
      expect.objectContaining({ id: 'farewell', source: ['Goodbye'], target: [''], state: UnitState.Empty, position: 4 }),
    ]);
  });

  it('round-trips byte for byte and rewrites only an edited message', () => {
    const own = format.parse(cs).units;
    expect(format.serialize(own, { original: cs, language: 'cs' }).equals(cs)).toBe(true);
    const out = format.serialize(withTarget(own, 'button.save', ['Uložit vše']), { original: cs, language: 'cs' });
    expect(changedLines(cs, out)).toEqual({ removed: ['msgstr "Uložit"'], added: ['msgstr "Uložit vše"'] });
  });

  it('adds a missing key with msgctxt and msgid taken from the template', () => {
    const units = format.parse(cs, { template: en }).units;
    const kept = units.filter((u) => u.id !== 'extra.key');
    const out = format.serialize(withTarget(kept, 'farewell', ['Nashledanou']), { original: cs, template: en, language: 'cs' });
    expect(out.toString()).not.toContain('extra.key');
    expect(out.toString().endsWith('msgstr[2] "%d položek"\n\nmsgid "farewell"\nmsgstr "Nashledanou"\n')).toBe(true);
  });
});
