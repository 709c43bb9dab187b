import { runChecks } from '..';

const check = (source: string, target: string, flags = 'icu-message-format') =>
  runChecks({ source: [source], target: [target], flags, pluralCount: 2, languageCode: 'de' });

const FILES = '{count, plural, one {# file} other {# files}} in {folder}';

describe('icu_message_format', () => {
  it('accepts the same arguments, whatever the sub-message texts', () => {
    expect(check(FILES, 'In {folder}: {count, plural, one {# Datei} other {# Dateien}}')).toEqual([]);
    expect(check('Hello {name}', 'Hallo {name}')).toEqual([]);
  });

  it('reports a missing or unknown argument', () => {
    expect(check(FILES, '{count, plural, one {# Datei} other {# Dateien}}')).toEqual(['icu_message_format']);
    expect(check('Hello {name}', 'Hallo {nom}')).toEqual(['icu_message_format']);
  });

  it('finds arguments nested in sub-messages', () => {
    const source = '{gender, select, female {She has {count} files} other {They have {count} files}}';
    expect(check(source, '{gender, select, female {Sie hat {count} Dateien} other {Sie haben {count} Dateien}}')).toEqual([]);
    expect(check(source, '{gender, select, female {Sie hat Dateien} other {Sie haben Dateien}}')).toEqual([
      'icu_message_format',
    ]);
  });

  it('reports syntax errors in the translation', () => {
    expect(check('Hello {name}', 'Hallo {name')).toEqual(['icu_message_format']);
    expect(check(FILES, '{count, plural, one {# Datei} other {# Dateien} in {folder}')).toEqual(['icu_message_format']);
  });

  it('treats quoted braces as text and lets apostrophes be', () => {
    expect(check("Type '{name}' literally", "Gib '{name}' wörtlich ein")).toEqual([]);
    // Read as a quote, the apostrophe of "Don't" would hide {file} from the source.
    expect(check("Don't delete {file}", 'Nicht löschen: {file}')).toEqual([]);
  });

  it('reports a plural without other, bad plural keys and unknown select keys', () => {
    expect(check(FILES, 'In {folder}: {count, plural, one {# Datei} few {# Dateien}}')).toEqual(['icu_message_format']);
    expect(check(FILES, 'In {folder}: {count, plural, single {# Datei} other {# Dateien}}')).toEqual([
      'icu_message_format',
    ]);
    expect(check(FILES, 'In {folder}: {count, plural, =0 {keine Dateien} one {# Datei} other {# Dateien}}')).toEqual([]);
    const select = '{gender, select, female {She} other {They}}';
    expect(check(select, '{gender, select, feminine {Sie} other {Sie}}')).toEqual(['icu_message_format']);
  });

  it('reports an argument used as another kind of value', () => {
    expect(check('{count, number} files', '{count, plural, one {# Datei} other {# Dateien}}')).toEqual([]);
    expect(check('{count, number} files', '{count, date} Dateien')).toEqual(['icu_message_format']);
  });

  it('accepts a broken source rather than guessing', () => {
    expect(check('Hello {name', 'Hallo {name}')).toEqual([]);
  });

  it('runs only with its flag', () => {
    expect(check('Hello {name}', 'Hallo {nom}', '')).toEqual([]);
    expect(check('Hello {name}', 'Hallo {nom}', 'icu-message-format, ignore-icu-message-format')).toEqual([]);
  });
});
