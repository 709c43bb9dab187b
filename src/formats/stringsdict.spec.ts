import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { StringsdictFormat } from './stringsdict';

const format = new StringsdictFormat();
const plist = fixture('stringsdict', 'Localizable.stringsdict');
const options = { original: plist, language: 'en' };

describe('StringsdictFormat', () => {
  it('splits an entry into its format string and one plural unit per variable', () => {
    expect(format.parse(plist).units.map((u) => [u.id, u.target])).toEqual([
      ['files_count', ['%#@files@ in %#@folders@']],
      ['files_count:files', ['%d file', '%d files']],
      ['files_count:folders', ['%d folder', '%d folders & more']],
    ]);
  });

  it('round-trips and patches one plural form in place', () => {
    const { units } = format.parse(plist);
    expect(format.serialize(units, options).equals(plist)).toBe(true);
    const out = format.serialize(withTarget(units, 'files_count:files', ['%d soubor', '%d souborů <>']), options);
    expect(changedLines(plist, out)).toEqual({
      removed: ['\t\t\t<string>%d file</string>', '\t\t\t<key>other</key>', '\t\t\t<string>%d files</string>'],
      added: ['\t\t\t<string>%d soubor</string>', '\t\t\t<key>other</key>', '\t\t\t<string>%d souborů &lt;&gt;</string>'],
    });
  });

  it('replaces the category pairs when the language has more forms', () => {
    const { units } = format.parse(plist);
    const out = format.serialize(withTarget(units, 'files_count:folders', ['a', 'b', 'c']), { ...options, language: 'cs', pluralCategories: ['one', 'few', 'other'] });
    expect(changedLines(plist, out)).toEqual({
      removed: ['\t\t\t<string>%d folder</string>', '\t\t\t<key>other</key>', '\t\t\t<string>%d folders &amp; more</string>'],
      added: ['\t\t\t<string>a</string>', '\t\t\t<key>few</key>', '\t\t\t<string>b</string>', '\t\t\t<key>other</key>', '\t\t\t<string>c</string>'],
    });
  });

  it('writes the plist anew, keeping value types, when a unit is removed', () => {
    const { units } = format.parse(plist);
    const out = format.serialize(units.filter((u) => u.id !== 'files_count:folders'), options);
    const reread = format.parse(out).units.map((u) => u.id);
    expect(reread).toEqual(['files_count', 'files_count:files']);
    expect(out.toString()).toContain('\t\t\t<key>NSStringFormatValueTypeKey</key>\n\t\t\t<string>d</string>\n\t\t\t<key>one</key>');
  });
});
