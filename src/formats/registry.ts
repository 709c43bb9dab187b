import { ArbFormat } from './arb';
import { AndroidFormat } from './aresource';
import { CsvFormat, CsvSimpleFormat } from './csv';
import { GoI18nJsonFormat } from './go-i18n-json';
import { I18NextFormat, I18NextV4Format } from './i18next';
import { JsonFormat, JsonNestedFormat } from './json';
import { PoFormat } from './po';
import { PhpFormat } from './php';
import { PoMonoFormat } from './po-mono';
import { PropertiesFormat } from './properties';
import { ResxFormat } from './resx';
import { StringsFormat } from './strings';
import { StringsdictFormat } from './stringsdict';
import { TbxFormat } from './tbx';
import { TranslationFormat } from './translation-format';
import { TsFormat } from './ts';
import { WebExtensionFormat } from './webextension';
import { XlsxFormat } from './xlsx';
import { PlainXliffFormat, Xliff2Format, XliffFormat } from './xliff';
import { RubyYamlFormat, YamlFormat } from './yaml';

/** Component file formats, keyed by Weblate's `file_format` id (weblate/formats/models.py `FILE_FORMATS`). */
const FORMATS: ReadonlyMap<string, TranslationFormat> = new Map(
  [
    new PoFormat(),
    new PoMonoFormat(),
    new JsonFormat(),
    new JsonNestedFormat(),
    new I18NextFormat(),
    new I18NextV4Format(),
    new GoI18nJsonFormat(),
    new WebExtensionFormat(),
    new ArbFormat(),
    new AndroidFormat(),
    new StringsFormat(),
    new StringsdictFormat(),
    new PropertiesFormat(),
    new ResxFormat(),
    new CsvFormat(),
    new CsvSimpleFormat(),
    new XlsxFormat(),
    new YamlFormat(),
    new RubyYamlFormat(),
    new TsFormat(),
    new PhpFormat(),
    new XliffFormat(),
    new PlainXliffFormat(),
    new Xliff2Format(),
    new TbxFormat(),
  ].map((format) => [format.id, format]),
);

/**
 * Older Weblate ids for encodings of formats that now detect theirs (Weblate 4 had `properties-utf8` next to
 * `properties`, `strings-utf8` next to `strings`): components configured with them keep working.
 */
export const FORMAT_ALIASES: ReadonlyMap<string, string> = new Map([
  ['properties-utf8', 'properties'],
  ['strings-utf8', 'strings'],
]);

export function getFormat(id: string): TranslationFormat | undefined {
  return FORMATS.get(FORMAT_ALIASES.get(id) ?? id);
}

export function listFormats(): TranslationFormat[] {
  return [...FORMATS.values()];
}
