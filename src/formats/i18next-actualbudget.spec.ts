import { changedLines, withTarget } from './fixtures/fixture';
import { extractRealRepo, readIn } from './fixtures/toolchain';
import { I18NextV4Format } from './i18next';
import { cldrCategories } from './plurals';
import { UnitState } from './translation-format';

/**
 * Actual Budget's i18next v4 files (real-repos/actualbudget.tar.gz), written by Weblate: Russian keys carry the
 * gettext categories `_one`/`_few`/`_many` and no `_other`, Czech ones `_one`/`_few`/`_other`.
 */
describe('I18NextV4Format on Actual Budget, as Weblate writes it', () => {
  const format = new I18NextV4Format();
  const actual = extractRealRepo('actualbudget');
  const template = readIn(actual, 'en.json');
  const read = (language: string) => {
    const file = readIn(actual, `${language}.json`);
    const pluralCategories = cldrCategories(language)!;
    const units = format.parse(file, { template, language, pluralCategories }).units;
    return { file, units, pluralCategories };
  };
  const KEY = '{{count}} transactions';

  it('reads a Russian plural without `_other` as one translated string, its `other` empty', () => {
    const { units } = read('ru');
    expect(units.find((unit) => unit.id === KEY)).toMatchObject({
      target: ['{{count}} транзакция', '{{count}} транзакции', '{{count}} транзакций', ''],
      state: UnitState.Translated,
    });
  });

  it('reads a Czech plural without `_many` as translated', () => {
    const { units } = read('cs');
    expect(units.find((unit) => unit.id === KEY)).toMatchObject({ target: ['{{count}} transakce', '{{count}} transakce', '', '{{count}} transakcí'], state: UnitState.Translated });
  });

  it('writes the `_other` an editor fills after `_many`, the other lines as they were', () => {
    const { file, pluralCategories } = read('ru');
    const own = format.parse(file, { language: 'ru', pluralCategories, monolingual: 'translation' }).units;
    const target = ['{{count}} транзакция', '{{count}} транзакции', '{{count}} транзакций', '{{count}} транзакции'];
    const out = format.serialize(withTarget(own, KEY, target), { original: file, language: 'ru', pluralCount: 4, pluralCategories });
    expect(changedLines(file, out)).toEqual({ removed: [], added: ['    "{{count}} transactions_other": "{{count}} транзакции",'] });
    expect(() => JSON.parse(out.toString())).not.toThrow();
  });
});
