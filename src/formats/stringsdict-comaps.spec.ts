import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { plists } from '../../test/support/independent-counts';
import { changedLines } from './fixtures/fixture';
import { ACCEPTED, extractRealRepo, readIn, xmllintCheck } from './fixtures/toolchain';
import { cldrCategories } from './plurals';
import { StringsdictFormat } from './stringsdict';
import { UnitState } from './translation-format';

/**
 * CoMaps' plurals (real-repos/comaps.tar.gz), written by Weblate in Organic Maps: Russian with zero/one/few/many and
 * no `other`, Czech one/few/other without `many`, Catalan with a `zero` its CLDR rules (one/many/other) lack.
 */
describe('StringsdictFormat on CoMaps, as Weblate writes it', () => {
  const format = new StringsdictFormat();
  const comaps = extractRealRepo('comaps');
  const path = (language: string) => `iphone/Maps/LocalizedStrings/${language}.lproj/Localizable.stringsdict`;
  const template = readIn(comaps, path('en'));
  const read = (language: string) => {
    const file = readIn(comaps, path(language));
    const pluralCategories = cldrCategories(language)!;
    const units = format.parse(file, { template, language, pluralCategories }).units;
    const options = { original: file, template, language, pluralCount: pluralCategories.length, pluralCategories };
    return { file, units, options, unit: (id: string) => units.find((candidate) => candidate.id === id)! };
  };
  /** The plist as Python's plistlib loads it. */
  const plistlib = (data: Buffer): Record<string, Record<string, Record<string, string> | string>> => {
    const file = join(mkdtempSync(join(tmpdir(), 'plist-')), 'Localizable.stringsdict');
    writeFileSync(file, data);
    return plists([file]).get(file) as Record<string, Record<string, Record<string, string> | string>>;
  };

  it('reads a Russian plural without `other` as translated, each form at its category', () => {
    expect(read('ru').unit('bookmarks_places:value')).toMatchObject({ target: ['%d метка', '%d метки', '%d меток', ''], state: UnitState.Translated });
    expect(read('cs').unit('bookmarks_places:value')).toMatchObject({ target: ['%d záložka', '%d záložky', '', '%d záložek'], state: UnitState.Translated });
  });

  it('patches one form and keeps the `zero` the language lacks', () => {
    const { file, units, options } = read('ca');
    const edited = units.map((unit) => (unit.id === 'tracks:value' ? { ...unit, target: ['%d traç', ...unit.target.slice(1)] } : unit));
    const out = format.serialize(edited, options);
    expect(changedLines(file, out)).toEqual({ removed: ['\t\t\t<string>%d recorregut</string>'], added: ['\t\t\t<string>%d traç</string>'] });
  });

  it('written anew (an entry removed), keeps every category the file had and adds no empty one', () => {
    for (const language of ['ru', 'ca', 'cs']) {
      const { file, units, options } = read(language);
      const out = format.serialize(units.filter((unit) => !unit.id.startsWith('tracks')), options);
      const before = plistlib(file);
      const after = plistlib(out);
      expect(Object.keys(after)).toEqual(Object.keys(before).filter((key) => key !== 'tracks'));
      for (const key of Object.keys(after)) expect(after[key]).toEqual(before[key]);
      expect(out.toString()).not.toContain('<string></string>');
      expect(xmllintCheck(out)).toEqual(ACCEPTED);
    }
  });
});
