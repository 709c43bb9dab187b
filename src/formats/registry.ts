import { ArbFormat } from './arb';
import { AndroidFormat } from './aresource';
import { CsvFormat, CsvSimpleFormat } from './csv';
import { GoI18nJsonFormat } from './go-i18n-json';
import { I18NextFormat, I18NextV4Format } from './i18next';
import { JsonFormat, JsonNestedFormat } from './json';
import { MoFormat } from './mo';
import { PoFormat } from './po';
import { PhpFormat } from './php';
import { PoMonoFormat } from './po-mono';
import { PropertiesFormat } from './properties';
import { ResxFormat } from './resx';
import { StringsFormat } from './strings';
import { StringsdictFormat } from './stringsdict';
import { TranslationFormat } from './translation-format';
import { TsFormat } from './ts';
import { WebExtensionFormat } from './webextension';
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
    new YamlFormat(),
    new RubyYamlFormat(),
    new TsFormat(),
    new PhpFormat(),
    new XliffFormat(),
    new PlainXliffFormat(),
    new Xliff2Format(),
  ].map((format) => [format.id, format]),
);

/**
 * Formats a translation can be downloaded as (`?format=` on a translation's `file/`, weblate/formats/exporters.py),
 * built from units alone. Only those we can write are listed; the rest of Weblate's list is not supported.
 */
const DOWNLOADS: ReadonlyMap<string, TranslationFormat> = new Map<string, TranslationFormat>([
  ['po', FORMATS.get('po')!],
  ['mo', new MoFormat()],
  ['csv', FORMATS.get('csv')!],
  ['json', FORMATS.get('json')!],
  ['json-nested', FORMATS.get('json-nested')!],
  ['aresource', FORMATS.get('aresource')!],
  ['strings', FORMATS.get('strings')!],
]);

export function getFormat(id: string): TranslationFormat | undefined {
  return FORMATS.get(id);
}

export function listFormats(): TranslationFormat[] {
  return [...FORMATS.values()];
}

export function getDownloadFormat(name: string): TranslationFormat | undefined {
  return DOWNLOADS.get(name);
}

export function listDownloadFormats(): string[] {
  return [...DOWNLOADS.keys()];
}
