import { mo, po } from 'gettext-parser';
import { AndroidFormat } from './aresource';
import { CsvFormat } from './csv';
import { ExportContext, exportUnits, listExporters } from './exporters';
import { JsonNestedFormat } from './json';
import { StringsFormat } from './strings';
import { TbxFormat } from './tbx';
import { TranslationUnit } from './translation-format';
import { makeUnit } from './units';
import { XlsxFormat } from './xlsx';
import { PlainXliffFormat, XliffFormat } from './xliff';
import { elements, parseXml, textContent } from './xml-scanner';

const GREETING = 'Ahoj <b> & "ty" – žluťoučký kůň';
const units: TranslationUnit[] = [
  makeUnit(false, { context: 'greeting', source: ['Hello <b> & "you"'], target: [GREETING], note: 'Shown <first>' }),
  makeUnit(false, { context: 'files', source: ['%d file', '%d files'], target: ['%d soubor', '%d soubory', '%d souborů'] }),
  makeUnit(false, { context: '', source: ['Untranslated'], target: [''] }),
];
const context: ExportContext = {
  sourceLanguage: 'en',
  language: 'cs',
  formCategories: ['one', 'few', 'many'],
  plural: { count: 3, categories: ['one', 'few', 'many'], pluralForms: 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;' },
};

async function exported(format: string): Promise<Buffer> {
  return (await exportUnits(format, units, context)).data;
}

/** [context, source, target] of parsed units. */
const summary = (parsed: readonly TranslationUnit[]) => parsed.map((u) => [u.context, u.source, u.target]);

describe('exporters', () => {
  it('lists the download formats with their content types and extensions', async () => {
    expect(listExporters()).toEqual(['po', 'mo', 'xliff', 'xliff11', 'tbx', 'tmx', 'csv', 'csv-multi', 'xlsx', 'json', 'json-nested', 'aresource', 'strings']);
    const types = await Promise.all(listExporters().map(async (name) => {
      const { contentType, extension } = await exportUnits(name, units, context);
      return [name, contentType, extension];
    }));
    expect(types).toEqual([
      ['po', 'text/x-po', 'po'],
      ['mo', 'application/x-gettext-catalog', 'mo'],
      ['xliff', 'application/x-xliff+xml', 'xlf'],
      ['xliff11', 'application/x-xliff+xml', 'xlf'],
      ['tbx', 'application/x-tbx', 'tbx'],
      ['tmx', 'application/x-tmx', 'tmx'],
      ['csv', 'text/csv', 'csv'],
      ['csv-multi', 'text/csv', 'csv'],
      ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx'],
      ['json', 'application/json', 'json'],
      ['json-nested', 'application/json', 'json'],
      ['aresource', 'application/xml', 'xml'],
      ['strings', 'text/plain', 'strings'],
    ]);
    await expect(exportUnits('docx', units, context)).rejects.toThrow('unknown export format "docx"');
  });

  it('po: every unit with its plural forms, the language and Plural-Forms header', async () => {
    const catalog = po.parse(await exported('po'));
    expect(catalog.headers.Language).toBe('cs');
    expect(catalog.headers['Plural-Forms']).toBe(context.plural.pluralForms);
    expect(catalog.translations.greeting['Hello <b> & "you"']).toMatchObject({ msgstr: [GREETING], comments: { extracted: 'Shown <first>' } });
    expect(catalog.translations.files['%d file']).toMatchObject({ msgid_plural: '%d files', msgstr: ['%d soubor', '%d soubory', '%d souborů'] });
    expect(catalog.translations['']['Untranslated'].msgstr).toEqual(['']);
  });

  it('mo: translated units only, plurals included', async () => {
    const catalog = mo.parse(await exported('mo'));
    expect(catalog.headers['Plural-Forms']).toBe(context.plural.pluralForms);
    expect(catalog.translations.greeting['Hello <b> & "you"'].msgstr).toEqual([GREETING]);
    expect(catalog.translations.files['%d file'].msgstr).toEqual(['%d soubor', '%d soubory', '%d souborů']);
    expect(catalog.translations['']?.['Untranslated']).toBeUndefined();
  });

  it('xliff: XLIFF 1.1 with plural forms in a gettext plural group', async () => {
    const data = await exported('xliff');
    const text = data.toString();
    expect(text).toContain('<xliff version="1.1" xmlns="urn:oasis:names:tc:xliff:document:1.1">');
    expect(text).toContain('source-language="en" target-language="cs"');
    expect(text).toContain('<group id="files" restype="x-gettext-plurals">');
    expect(summary(new XliffFormat().parse(data).units)).toEqual([
      ['greeting', ['Hello <b> & "you"'], [GREETING]],
      ['files[0]', ['%d file'], ['%d soubor']],
      ['files[1]', ['%d files'], ['%d soubory']],
      ['files[2]', ['%d files'], ['%d souborů']],
      ['Untranslated', ['Untranslated'], ['']],
    ]);
    expect(new XliffFormat().parse(data).units[0].note).toBe('Shown <first>');
  });

  it('xliff11: plain XLIFF 1.1, one trans-unit per plural form', async () => {
    const data = await exported('xliff11');
    expect(data.toString()).not.toContain('<group');
    expect(summary(new PlainXliffFormat().parse(data).units)).toEqual(summary(new XliffFormat().parse(await exported('xliff')).units));
  });

  it('tbx: a glossary entry per unit with its first form', async () => {
    const parsed = new TbxFormat().parse(await exported('tbx'), { language: 'cs' });
    expect(summary(parsed.units)).toEqual([
      ['greeting', ['Hello <b> & "you"'], [GREETING]],
      ['files', ['%d file'], ['%d soubor']],
      ['', ['Untranslated'], ['']],
    ]);
    expect(parsed.units[0].note).toBe('Shown <first>');
  });

  it('tmx: a translation unit per plural form, source and target language tagged', async () => {
    const { root } = parseXml((await exported('tmx')).toString());
    expect(root.name).toBe('tmx');
    expect(elements(root, 'header')[0].attributes.find((a) => a.name === 'srclang')?.value).toBe('en');
    const pairs = elements(elements(root, 'body')[0], 'tu').map((tu) =>
      elements(tu, 'tuv').map((tuv) => [tuv.attributes.find((a) => a.name === 'xml:lang')?.value, textContent(elements(tuv, 'seg')[0])]));
    expect(pairs).toEqual([
      [['en', 'Hello <b> & "you"'], ['cs', GREETING]],
      [['en', '%d file'], ['cs', '%d soubor']],
      [['en', '%d files'], ['cs', '%d soubory']],
      [['en', '%d files'], ['cs', '%d souborů']],
      [['en', 'Untranslated'], ['cs', '']],
    ]);
  });

  it('csv: one record per unit, a plural as one record per form keyed like the XLIFF plural group', async () => {
    expect(summary(new CsvFormat().parse(await exported('csv')).units)).toEqual([
      ['greeting', ['Hello <b> & "you"'], [GREETING]],
      ['files[0]', ['%d file'], ['%d soubor']],
      ['files[1]', ['%d files'], ['%d soubory']],
      ['files[2]', ['%d files'], ['%d souborů']],
      ['', ['Untranslated'], ['']],
    ]);
  });

  it('csv-multi: one record per plural form, with the context and singular source', async () => {
    expect(summary(new CsvFormat().parse(await exported('csv-multi')).units)).toEqual([
      ['greeting', ['Hello <b> & "you"'], [GREETING]],
      ['files', ['%d file'], ['%d soubor']],
      ['files', ['%d file'], ['%d soubory']],
      ['files', ['%d file'], ['%d souborů']],
      ['', ['Untranslated'], ['']],
    ]);
  });

  it('xlsx: the rows of the CSV download', async () => {
    const parsed = await new XlsxFormat().parse(await exported('xlsx'));
    expect(summary(parsed.units)).toEqual(summary(new CsvFormat().parse(await exported('csv')).units));
    expect(parsed.units[0].note).toBe('Shown <first>');
  });

  it('json: values by context (source when none), a plural as one key per form', async () => {
    expect(JSON.parse((await exported('json')).toString())).toEqual({
      greeting: GREETING, 'files[0]': '%d soubor', 'files[1]': '%d soubory', 'files[2]': '%d souborů', Untranslated: '',
    });
  });

  it('json-nested: as json, the keys split into objects (and the forms into a list, which reads back as files[n])', async () => {
    const data = await exported('json-nested');
    expect(JSON.parse(data.toString())).toEqual({ greeting: GREETING, files: ['%d soubor', '%d soubory', '%d souborů'], Untranslated: '' });
    expect(new JsonNestedFormat().parse(data).units.map((unit) => unit.context)).toEqual(['greeting', 'files[0]', 'files[1]', 'files[2]', 'Untranslated']);
  });

  it('aresource: strings and <plurals> by the language categories', async () => {
    const data = await exported('aresource');
    expect(data.toString()).toContain('<item quantity="few">%d soubory</item>');
    expect(new AndroidFormat().parse(data).units.map((u) => [u.context, u.target])).toEqual([
      ['greeting', [GREETING]],
      ['files', ['%d soubor', '%d soubory', '%d souborů']],
      ['Untranslated', ['']],
    ]);
  });

  it('strings: key/value pairs with the first plural form', async () => {
    expect(new StringsFormat().parse(await exported('strings')).units.map((u) => [u.context, u.target, u.note])).toEqual([
      ['greeting', [GREETING], 'Shown <first>'],
      ['files', ['%d soubor'], ''],
      ['Untranslated', [''], ''],
    ]);
  });

  it('drops control characters XML cannot hold from XML exports', async () => {
    const control = [makeUnit(false, { context: 'c', source: ['a\u0001b'], target: ['c\u0002d\te'] })];
    for (const format of ['xliff', 'tbx', 'tmx', 'aresource']) {
      const text = (await exportUnits(format, control, context)).data.toString();
      expect(() => parseXml(text)).not.toThrow();
      expect(text).not.toMatch(/[\u0001\u0002]/);
      expect(text).toMatch(/cd(\t|\\t)e/);
    }
  });
});
