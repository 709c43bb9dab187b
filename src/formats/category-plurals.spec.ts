import { GoI18nJsonFormat } from './go-i18n-json';
import { I18NextV4Format } from './i18next';
import { cldrCategories } from './plurals';
import { StringsdictFormat } from './stringsdict';
import { TranslationFormat } from './translation-format';

/**
 * Formats keying plural forms by CLDR category, on a Russian file whose entry lacks `many`: forms are read at the
 * language's categories and a translated `many` is added without renaming or dropping the others.
 */
const RUSSIAN = cldrCategories('ru')!;

const CASES: [string, TranslationFormat, string, string][] = [
  ['i18nextv4', new I18NextV4Format(), 'files', '{\n  "files_one": "{{count}} файл",\n  "files_few": "{{count}} файла",\n  "files_other": "{{count}} файлов"\n}\n'],
  ['go-i18n-json', new GoI18nJsonFormat(), 'files', '[\n  {\n    "id": "files",\n    "translation": {\n      "one": "{{.Count}} файл",\n      "few": "{{.Count}} файла",\n      "other": "{{.Count}} файлов"\n    }\n  }\n]\n'],
  ['stringsdict', new StringsdictFormat(), 'files:n', [
    '<?xml version="1.0" encoding="UTF-8"?>', '<plist version="1.0">', '<dict>', '\t<key>files</key>', '\t<dict>',
    '\t\t<key>NSStringLocalizedFormatKey</key>', '\t\t<string>%#@n@</string>', '\t\t<key>n</key>', '\t\t<dict>',
    '\t\t\t<key>NSStringFormatSpecTypeKey</key>', '\t\t\t<string>NSStringPluralRuleType</string>',
    '\t\t\t<key>one</key>', '\t\t\t<string>%d файл</string>', '\t\t\t<key>few</key>', '\t\t\t<string>%d файла</string>',
    '\t\t\t<key>other</key>', '\t\t\t<string>%d файлов</string>', '\t\t</dict>', '\t</dict>', '</dict>', '</plist>', '',
  ].join('\n')],
];

describe.each(CASES)('%s plurals by category', (_id, format, key, text) => {
  const file = Buffer.from(text);
  const read = async (data: Buffer) => (await format.parse(data, { language: 'ru', pluralCategories: RUSSIAN })).units.find((unit) => unit.id === key)!;

  it('reads each form at its category, the missing one empty', async () => {
    const [one, few, many, other] = (await read(file)).target;
    expect([one, few, many]).toEqual([expect.stringContaining('файл'), expect.stringContaining('файла'), '']);
    expect(other).toContain('файлов');
  });

  it('adds a translated form under its own category and keeps the others', async () => {
    const { units } = await format.parse(file, { language: 'ru', pluralCategories: RUSSIAN });
    const unit = units.find((candidate) => candidate.id === key)!;
    const target = [unit.target[0], unit.target[1], 'много файлов', unit.target[3]];
    const out = await format.serialize(units.map((candidate) => (candidate === unit ? { ...candidate, target } : candidate)), {
      original: file, language: 'ru', pluralCount: 4, pluralCategories: RUSSIAN,
    });
    expect((await read(out)).target).toEqual(target);
    const added = out.toString().split('\n').filter((line) => !text.split('\n').includes(line));
    expect(added.join('\n')).toContain('много файлов');
    expect(out.toString()).not.toContain('two');
  });
});
