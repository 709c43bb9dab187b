import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AndroidFormat } from './aresource';
import { CsvFormat } from './csv';
import { parseFormKey, unitKey } from './form-keys';
import { I18NextV4Format } from './i18next';
import { JsonFormat } from './json';
import { ExportContext, exportUnits } from './exporters';
import { ACCEPTED, extractRealRepo, moCheck, msgfmtCheck, readIn, Verdict, xmllintCheck } from './fixtures/toolchain';
import { PoFormat } from './po';
import { cldrCategories } from './plurals';
import { TranslationFormat, TranslationUnit, UnitState } from './translation-format';
import { TsFormat } from './ts';
import { XlsxFormat } from './xlsx';
import { PlainXliffFormat, XliffFormat } from './xliff';
import { attribute, elements, parseXml } from './xml-scanner';

/** Converted downloads of real projects' files, judged by the tools that read the converted format. */

const RUSSIAN_GETTEXT = { count: 3, categories: ['one', 'few', 'many'], pluralForms: 'nplurals=3; plural=n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2;' };
const RUSSIAN_CLDR = { ...RUSSIAN_GETTEXT, count: 4, categories: cldrCategories('ru')! };

const VALIDATORS: Record<string, (data: Buffer) => Verdict> = {
  po: msgfmtCheck,
  mo: moCheck,
  xliff: xmllintCheck,
  xliff11: xmllintCheck,
  tbx: xmllintCheck,
  tmx: xmllintCheck,
  aresource: xmllintCheck,
};

/** The exported file's plural: Android's own categories for `aresource`, gettext's forms for every other format. */
function context(formCategories: readonly string[], format: string): ExportContext {
  return { sourceLanguage: 'en', language: 'ru', formCategories, plural: format === 'aresource' ? RUSSIAN_CLDR : RUSSIAN_GETTEXT };
}

async function verdicts(units: TranslationUnit[], formCategories: readonly string[]): Promise<Record<string, Verdict>> {
  const entries = await Promise.all(Object.entries(VALIDATORS).map(async ([format, validate]) =>
    [format, validate((await exportUnits(format, units, context(formCategories, format))).data)] as const));
  return Object.fromEntries(entries);
}

const everyFormatAccepts = Object.fromEntries(Object.keys(VALIDATORS).map((format) => [format, ACCEPTED]));

describe('converted downloads of real files', () => {
  it('Android Russian (four CLDR forms) converts into files every toolchain accepts, PO with three forms', async () => {
    const tusky = extractRealRepo('tusky');
    const template = readIn(tusky, 'app/src/main/res/values/strings.xml');
    const ru = readIn(tusky, 'app/src/main/res/values-ru/strings.xml');
    const { units } = new AndroidFormat().parse(ru, { template, language: 'ru', pluralCategories: RUSSIAN_CLDR.categories });
    expect(await verdicts(units, RUSSIAN_CLDR.categories)).toEqual(everyFormatAccepts);
    const po = (await exportUnits('po', units, context(RUSSIAN_CLDR.categories, 'po'))).data.toString();
    expect(po).toContain('msgctxt "poll_timespan_days"\nmsgid "%1$d day left"\nmsgid_plural "%1$d days left"\n' +
      'msgstr[0] "остался %1$d день"\nmsgstr[1] "осталось %1$d дня"\nmsgstr[2] "осталось %1$d дней"\n');
    expect(po).not.toContain('msgstr[3]');
  });

  it('Qt Russian numerus messages convert into PO plurals with every form', async () => {
    const pcmanfm = extractRealRepo('pcmanfmqt');
    const { units } = new TsFormat().parse(readIn(pcmanfm, 'pcmanfm/translations/pcmanfm-qt_ru.ts'));
    expect(await verdicts(units, RUSSIAN_GETTEXT.categories)).toEqual(everyFormatAccepts);
    const po = (await exportUnits('po', units, context(RUSSIAN_GETTEXT.categories, 'po'))).data.toString();
    expect(po).toContain('msgid "%n item"\nmsgid_plural "%n items"\nmsgstr[0] "%n объект"\nmsgstr[1] "%n объекта"\nmsgstr[2] "%n объектов"\n');
  });

  it('PO of Weblate\'s demo (ASCII-declared, Russian plurals) converts into files every toolchain accepts', async () => {
    const hello = extractRealRepo('hello');
    const { units } = new PoFormat().parse(readIn(hello, 'po/ru.po'));
    // Its strings are untranslated: each form gets a Russian text with the msgid's format specifications and ending.
    const translated = units.map((unit) => ({
      ...unit,
      target: unit.target.map((form, index) => form || `Перевод: ${unit.source[Math.min(index, unit.source.length - 1)]}`),
      state: UnitState.Translated,
    }));
    expect(await verdicts(translated, RUSSIAN_GETTEXT.categories)).toEqual(everyFormatAccepts);
  });

  /*
   * A download sent back is read with the converted format's reader, and each of its entries must name a string of the
   * translation: its key, or for plurals `key[n]`, n within the file's plural. XLIFF is read as xmllint reads it, so a
   * line break in an id (hello's msgids end in one) must survive as a character reference.
   */
  it.each([
    ['hello', 'po/de.po', new PoFormat(), undefined],
    ['actualbudget', 'de.json', new I18NextV4Format(), 'en.json'],
  ] as const)('%s: every entry of a converted download names its string, plural forms included', async (name, path, format, templatePath) => {
    const project = extractRealRepo(name);
    const template = templatePath && readIn(project, templatePath);
    const { units } = format.parse(readIn(project, path), { template, language: 'de', pluralCategories: ['one', 'other'] });
    const keys = new Map(units.map((unit) => [unitKey(unit), unit.target.length]));
    const plural = { count: 2, categories: ['one', 'other'], pluralForms: 'nplurals=2; plural=(n != 1);' };
    const readers: Record<string, TranslationFormat> = { xliff: new XliffFormat(), xliff11: new PlainXliffFormat(), csv: new CsvFormat(), xlsx: new XlsxFormat(), json: new JsonFormat() };
    for (const [exporter, reader] of Object.entries(readers)) {
      const data = (await exportUnits(exporter, units, { sourceLanguage: 'en', language: 'de', formCategories: plural.categories, plural })).data;
      const entries = (await reader.parse(exporter.startsWith('xliff') ? Buffer.from(xpathIds(data)) : data)).units.map(unitKey);
      const unnamed = entries.filter((key) => {
        const form = keys.has(key) ? undefined : parseFormKey(key);
        return !keys.has(key) && !(form && form.index < (keys.get(form.key) ?? 0));
      });
      expect([exporter, unnamed]).toEqual([exporter, []]);
      expect([exporter, entries.length]).toEqual([exporter, units.reduce((sum, unit) => sum + unit.target.length, 0)]);
    }
  });

  it('PO messages sharing a msgctxt get distinct XLIFF ids', async () => {
    const po = Buffer.from('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgctxt "menu"\nmsgid "Open"\nmsgstr "Otevřít"\n\nmsgctxt "menu"\nmsgid "Close"\nmsgstr "Zavřít"\n');
    const { units } = new PoFormat().parse(po);
    for (const format of ['xliff', 'xliff11']) {
      const data = (await exportUnits(format, units, context(RUSSIAN_GETTEXT.categories, format))).data;
      expect(xmllintCheck(data)).toEqual(ACCEPTED);
      const ids = elements(parseXml(data.toString()).root).flatMap(function all(element): string[] {
        return [...(element.name === 'trans-unit' ? [attribute(element, 'id') ?? ''] : []), ...elements(element).flatMap(all)];
      });
      expect(ids).toHaveLength(2);
      expect(new Set(ids).size).toBe(2);
    }
  });
});

/** The XLIFF file as libxml2 reads it and writes it back (`xmllint --format`): attribute values normalized. */
function xpathIds(xliff: Buffer): string {
  const path = join(mkdtempSync(join(tmpdir(), 'xliff-')), 'file.xlf');
  writeFileSync(path, xliff);
  return execFileSync('xmllint', ['--format', path], { encoding: 'utf8' });
}
