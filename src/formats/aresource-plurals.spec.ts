import { AndroidFormat } from './aresource';
import { changedLines } from './fixtures/fixture';
import { ACCEPTED, extractRealRepo, readIn, xmllintCheck } from './fixtures/toolchain';
import { cldrCategories } from './plurals';
import { TranslationUnit } from './translation-format';

/** Tusky's Russian strings (real-repos/tusky.tar.gz): plurals keyed one/few/many/other, as CLDR gives Russian. */
describe('AndroidFormat plurals of a real Russian file', () => {
  const format = new AndroidFormat();
  const tusky = extractRealRepo('tusky');
  const template = readIn(tusky, 'app/src/main/res/values/strings.xml');
  const ru = readIn(tusky, 'app/src/main/res/values-ru/strings.xml');
  const categories = cldrCategories('ru')!;
  const options = { original: ru, template, language: 'ru', pluralCount: categories.length, pluralCategories: categories };
  const units = format.parse(ru, { template, language: 'ru', pluralCategories: categories }).units;
  const unit = (key: string): TranslationUnit => units.find((candidate) => candidate.id === key)!;
  const edited = (key: string, target: string[]): TranslationUnit[] => units.map((other) => (other.id === key ? { ...other, target } : other));

  it('reads every plural with the four Russian categories, a missing one empty', () => {
    expect(categories).toEqual(['one', 'few', 'many', 'other']);
    expect(unit('poll_timespan_days').target).toEqual(['остался %1$d день', 'осталось %1$d дня', 'осталось %1$d дней', 'осталось %1$d дней']);
    expect(unit('action_post_failed_detail').target[2]).toBe('');
    expect(unit('action_post_failed_detail').target).toHaveLength(4);
  });

  it('writes an edited form into its own quantity and leaves every other line alone', () => {
    const target = ['остался %1$d день', 'осталось %1$d дня', 'осталось целых %1$d дней', 'осталось %1$d дней'];
    const out = format.serialize(edited('poll_timespan_days', target), options);
    expect(changedLines(ru, out)).toEqual({
      removed: ['        <item quantity="many">осталось %1$d дней</item>'],
      added: ['        <item quantity="many">осталось целых %1$d дней</item>'],
    });
    expect(xmllintCheck(out)).toEqual(ACCEPTED);
  });

  it('adds the quantity a translated form lacks after the previous category, keeping the others', () => {
    const [one, few, , other] = unit('action_post_failed_detail').target;
    const out = format.serialize(edited('action_post_failed_detail', [one, few, 'Много', other]), options);
    const { removed, added } = changedLines(ru, out);
    expect(removed).toEqual([]);
    expect(added).toEqual(['        <item quantity="many">Много</item>']);
    const reread = format.parse(out, { template, language: 'ru', pluralCategories: categories }).units;
    expect(reread.find((candidate) => candidate.id === 'action_post_failed_detail')!.target).toEqual([one, few, 'Много', other]);
    expect(xmllintCheck(out)).toEqual(ACCEPTED);
  });
});
