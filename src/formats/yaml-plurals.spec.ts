import { changedLines } from './fixtures/fixture';
import { cldrCategories } from './plurals';
import { TranslationUnit } from './translation-format';
import { RubyYamlFormat } from './yaml';

/** A Rails locale as Russian projects write it: plurals keyed one/few/many/other, some missing a category. */
const RU = `ru:
  inbox:
    one: "%{count} сообщение"
    few: "%{count} сообщения"
    many: "%{count} сообщений"
    other: "%{count} сообщения"
  files:
    one: "%{count} файл"
    few: "%{count} файла"
    other: "%{count} файлов"
  title: Почта
`;

describe('RubyYamlFormat plurals', () => {
  const format = new RubyYamlFormat();
  const ru = Buffer.from(RU);
  const categories = cldrCategories('ru')!;
  const options = { original: ru, language: 'ru', pluralCount: categories.length, pluralCategories: categories };
  const { units } = format.parse(ru, { language: 'ru', pluralCategories: categories });
  const edited = (key: string, target: string[]): TranslationUnit[] => units.map((unit) => (unit.id === key ? { ...unit, target } : unit));

  it('reads forms at their category, a category the entry lacks empty', () => {
    expect(units.map((unit) => [unit.id, unit.target])).toEqual([
      ['inbox', ['%{count} сообщение', '%{count} сообщения', '%{count} сообщений', '%{count} сообщения']],
      ['files', ['%{count} файл', '%{count} файла', '', '%{count} файлов']],
      ['title', ['Почта']],
    ]);
  });

  it('saving a string keeps every plural and its categories byte for byte', () => {
    const out = format.serialize(edited('title', ['Входящие']), options);
    expect(changedLines(ru, out)).toEqual({ removed: ['  title: Почта'], added: ['  title: Входящие'] });
  });

  it('writes an edited form under its own category', () => {
    const out = format.serialize(edited('inbox', ['%{count} сообщение', '%{count} сообщения', '%{count} писем', '%{count} сообщения']), options);
    expect(changedLines(ru, out)).toEqual({ removed: ['    many: "%{count} сообщений"'], added: ['    many: "%{count} писем"'] });
  });

  it('adds the category a translated form lacks and renames none', () => {
    const out = format.serialize(edited('files', ['%{count} файл', '%{count} файла', '%{count} файлов', '%{count} файлов']), options).toString();
    const reread = format.parse(Buffer.from(out), { language: 'ru', pluralCategories: categories }).units;
    expect(reread.map((unit) => unit.target)).toEqual([units[0].target, ['%{count} файл', '%{count} файла', '%{count} файлов', '%{count} файлов'], ['Почта']]);
    expect(out).not.toContain('two:');
    expect(out).toContain('    one: "%{count} сообщение"\n    few: "%{count} сообщения"\n    many: "%{count} сообщений"\n');
  });
});
