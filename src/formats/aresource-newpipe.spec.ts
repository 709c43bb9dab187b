import { AndroidFormat } from './aresource';
import { changedLines } from './fixtures/fixture';
import { ACCEPTED, extractRealRepo, readIn, xmllintCheck } from './fixtures/toolchain';
import { cldrCategories } from './plurals';
import { TranslationUnit, UnitState } from './translation-format';

/**
 * NewPipe's strings (real-repos/newpipe.tar.gz), translated on Weblate: its Czech plurals carry the gettext
 * categories one/few/other (CLDR adds `many`), the template has a `translatable="false"` string and two
 * `<string-array>`s that no translation has.
 */
describe('AndroidFormat on NewPipe, as Weblate writes it', () => {
  const format = new AndroidFormat();
  const newpipe = extractRealRepo('newpipe');
  const res = 'app/src/main/res';
  const template = readIn(newpipe, `${res}/values/strings.xml`);
  const read = (language: string) => {
    const file = readIn(newpipe, `${res}/values-${language}/strings.xml`);
    const pluralCategories = cldrCategories(language)!;
    const units = format.parse(file, { template, language, pluralCategories }).units;
    // What the server hands the writer: the strings with a translation (untranslated keys are not added).
    const written = units.filter((unit) => unit.target.some((form) => form !== ''));
    return { file, units, written, pluralCategories, unit: (key: string): TranslationUnit => units.find((candidate) => candidate.id === key)! };
  };

  it('counts a Czech plural written for one/few/other as translated, its `many` empty', () => {
    const { unit } = read('cs');
    expect(unit('subscribers')).toMatchObject({ target: ['%s odběratel', '%s odběratelé', '', '%s odběratelů'], state: UnitState.Translated });
  });

  it('reads the template\'s translatable="false" string as read-only in a translation', () => {
    expect(read('ru').unit('manual_update_title')).toMatchObject({ target: [''], state: UnitState.ReadOnly });
  });

  it('starts a new translation without the template\'s <string-array>s, emptied or not', () => {
    const out = format.serialize([], { template, language: 'yo', pluralCount: 2, pluralCategories: ['one', 'other'] });
    expect(out.toString()).not.toContain('<string-array');
    expect(out.toString()).not.toContain('<string');
    expect(xmllintCheck(out)).toEqual(ACCEPTED);
  });

  it('adds a new plural with the quantities the editor filled, no empty <item>', () => {
    const { file, written, unit, pluralCategories } = read('cs');
    const added = { ...unit('subscribers'), id: 'listeners', context: 'listeners', target: ['%s posluchač', '%s posluchači', '', '%s posluchačů'] };
    const out = format.serialize([...written, added], { original: file, template, language: 'cs', pluralCount: 4, pluralCategories });
    expect(changedLines(file, out).added.join('\n')).toContain('<item quantity="few">%s posluchači</item>');
    expect(out.toString()).not.toContain('<item quantity="many"></item>');
    expect(xmllintCheck(out)).toEqual(ACCEPTED);
  });
});
