import { parse } from 'yaml';
import { changedLines, withTarget } from './fixtures/fixture';
import { extractRealRepo, readIn } from './fixtures/toolchain';
import { TranslationUnit } from './translation-format';
import { keyedUnit } from './units';
import { RubyYamlFormat, YamlFormat } from './yaml';

/**
 * Booleans and integers of rails-i18n's locales (`precision: 2`, `significant: false`, test/fixtures/real-repos):
 * strings to translate as Weblate reads them (`2`, `False`), written back with their type.
 */
describe('YAML booleans and integers', () => {
  const format = new RubyYamlFormat();
  const project = extractRealRepo('railsi18n');
  const en = readIn(project, 'rails/locale/en.yml');
  const ru = readIn(project, 'rails/locale/ru.yml');
  const options = { original: ru, template: en, language: 'ru', pluralCategories: ['one', 'few', 'many', 'other'] };
  /** The file's own units, as the server hands them to the writer (untranslated template keys are not added). */
  const units = (file = ru) => format.parse(file, { language: 'ru', pluralCategories: options.pluralCategories }).units;
  const target = (list: TranslationUnit[], id: string) => list.find((unit) => unit.id === id)?.target;
  /** The file as Ruby's Psych reads it (YAML 1.1). */
  const ruby = (file: Buffer) => parse(file.toString(), { version: '1.1' }).ru.number;

  it('reads them as Weblate does: str() of the value, null left out', () => {
    const read = format.parse(ru, { template: en, language: 'ru', pluralCategories: options.pluralCategories }).units;
    expect(target(read, 'number.currency.format.precision')).toEqual(['2']);
    expect(target(read, 'number.currency.format.significant')).toEqual(['False']);
    expect(target(read, 'number.human.format.strip_insignificant_zeros')).toEqual(['False']);
    expect(read.filter((unit) => /\.(precision|significant|strip_insignificant_zeros)$/.test(unit.id))).toHaveLength(9);
    expect(read.some((unit) => unit.id.startsWith('date.abbr_month_names[0]'))).toBe(false);
    expect(format.serialize(units(), options).equals(ru)).toBe(true);
  });

  it('writes an edited number or boolean with its type, on its own line only', () => {
    let edited = withTarget(units(), 'number.currency.format.precision', ['3']);
    edited = withTarget(edited, 'number.currency.format.significant', ['true']);
    const out = format.serialize(edited, options);
    expect(changedLines(ru, out)).toEqual({
      removed: ['        precision: 2', '        separator: ","', '        significant: false'],
      added: ['        precision: 3', '        separator: ","', '        significant: true'],
    });
    expect(ruby(out).currency.format).toMatchObject({ precision: 3, significant: true, strip_insignificant_zeros: false });
  });

  it('writes text that is no number as a string', () => {
    const out = format.serialize(withTarget(units(), 'number.format.precision', ['three']), options);
    expect(changedLines(ru, out)).toEqual({ removed: ['      precision: 3'], added: ['      precision: three'] });
    expect(ruby(out).format.precision).toBe('three');
  });

  it('keeps the types when the file is rebuilt (a key removed)', () => {
    const kept = withTarget(units(), 'number.human.format.precision', ['2']).filter((unit) => unit.id !== 'number.format.delimiter');
    const written = ruby(format.serialize(kept, options));
    expect(written.format).toMatchObject({ precision: 3, significant: false, strip_insignificant_zeros: false });
    expect(written.format.delimiter).toBeUndefined();
    expect(written.human.format).toMatchObject({ precision: 2, significant: false, strip_insignificant_zeros: false });
  });

  it('gives a key the translation lacks the type of the template value', () => {
    const lacking = Buffer.from(ru.toString().replace('        precision: 2\n', ''));
    const read = format.parse(lacking, { template: en, language: 'ru', pluralCategories: options.pluralCategories }).units;
    expect(target(read, 'number.currency.format.precision')).toEqual(['']);
    const out = format.serialize([...units(lacking), keyedUnit('number.currency.format.precision', ['2'])], { ...options, original: lacking });
    expect(changedLines(lacking, out).added).toEqual(['        precision: 2']);
    expect(ruby(out).currency.format.precision).toBe(2);
  });

  it('leaves floats and nulls out and as they are, in the plain YAML format too', () => {
    const plain = new YamlFormat();
    const file = Buffer.from('ratio: 1.5\nnothing: ~\nenabled: FALSE\ncount: 0x1F\n');
    const read = plain.parse(file).units;
    expect(read.map((unit) => [unit.id, unit.target])).toEqual([['enabled', ['False']], ['count', ['31']]]);
    const out = plain.serialize(withTarget(read, 'enabled', ['True']), { original: file, language: 'en' });
    expect(out.toString()).toBe('ratio: 1.5\nnothing: ~\nenabled: TRUE\ncount: 0x1F\n');
  });
});
