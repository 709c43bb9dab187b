import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { I18NextFormat, I18NextV4Format } from './i18next';
import { keyedUnit } from './units';

describe('I18NextFormat (v3)', () => {
  const format = new I18NextFormat();
  const en = fixture('i18next', 'en.json');

  it('groups _plural and _0.._n siblings into plural units', () => {
    expect(format.parse(en).units.map((u) => [u.id, u.target])).toEqual([
      ['welcome', ['Welcome, {{name}}!']],
      ['inbox.message', ['You have one message', 'You have {{count}} messages']],
      ['cart', ['{{count}} item (form 0)', '{{count}} items (form 1)', '{{count}} items (form 2)']],
    ]);
  });

  it('round-trips and patches a plural form in place', () => {
    const { units } = format.parse(en);
    expect(format.serialize(units, { original: en, language: 'en' }).equals(en)).toBe(true);
    const out = format.serialize(withTarget(units, 'inbox.message', ['One message', '{{count}} messages']), { original: en, language: 'en' });
    expect(changedLines(en, out)).toEqual({
      removed: ['    "message": "You have one message",', '    "message_plural": "You have {{count}} messages"'],
      added: ['    "message": "One message",', '    "message_plural": "{{count}} messages"'],
    });
  });

  it('renames plural keys when the number of forms changes', () => {
    const { units } = format.parse(en);
    const out = format.serialize(withTarget(units, 'inbox.message', ['a', 'b', 'c']), { original: en, language: 'cs' });
    expect(JSON.parse(out.toString()).inbox).toEqual({ message_0: 'a', message_1: 'b', message_2: 'c' });
  });
});

describe('I18NextV4Format', () => {
  const format = new I18NextV4Format();
  const en = fixture('i18next', 'en-v4.json');

  it('groups CLDR-suffixed siblings and leaves ordinals alone', () => {
    expect(format.parse(en).units.map((u) => [u.id, u.target])).toEqual([
      ['welcome', ['Welcome, {{name}}!']],
      ['inbox.message', ['You have one message', 'You have {{count}} messages']],
      ['inbox.place_ordinal_one', ['{{count}}st']],
    ]);
    expect(format.serialize(format.parse(en).units, { original: en, language: 'en' }).equals(en)).toBe(true);
  });

  it('writes the categories of the language for a translation with more forms', () => {
    const units = format.parse(en).units;
    const out = format.serialize(withTarget(units, 'inbox.message', ['1', '2', '5', 'x']), {
      template: en,
      language: 'cs',
      pluralCategories: ['one', 'few', 'many', 'other'],
    });
    expect(JSON.parse(out.toString()).inbox).toEqual({ place_ordinal_one: '{{count}}st', message_one: '1', message_few: '2', message_many: '5', message_other: 'x' });
  });

  it('adds new plural units under their nested key', () => {
    const out = format.serialize([keyedUnit('a.b', ['one', 'many'], { source: ['one', 'many'] })], { language: 'de' });
    expect(JSON.parse(out.toString())).toEqual({ a: { b_one: 'one', b_other: 'many' } });
  });
});
