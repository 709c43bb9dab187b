import { AndroidFormat } from './aresource';
import { CsvFormat } from './csv';
import { JsonFormat, JsonNestedFormat } from './json';
import { MoFormat } from './mo';
import { remapForms } from './plurals';
import { quoteFormula } from './spreadsheet-formula';
import { PoFormat } from './po';
import { StringsFormat } from './strings';
import { TbxFormat } from './tbx';
import { TmxPair, writeTmx } from './tmx';
import { SerializeOptions, TranslationFormat, TranslationUnit } from './translation-format';
import { keyedUnit } from './units';
import { formKey, unitKey } from './form-keys';
import { XlsxFormat } from './xlsx';
import { PlainXliffFormat, XliffFormat } from './xliff';
import { escapeXmlAttribute, withoutXmlInvalidCharacters } from './xml-scanner';

/**
 * Downloads of a translation converted to another format (`?format=` on a translation's `file/`, Weblate
 * `weblate/formats/exporters.py`). Files are built from units alone, never patched into a stored file.
 *
 * Plural forms, where the target format has no plural construct:
 * - `xliff` writes translate-toolkit's gettext extension (`<group restype="x-gettext-plurals">`, one trans-unit per
 *   form with ids suffixed `[n]`); `xliff11` writes those trans-units without the group.
 * - `csv`, `xlsx`, `json` and `json-nested` write one entry per form too, keyed `<key>[n]` (`formKey`), where
 *   translate-toolkit keeps the first form only: a file downloaded, edited and uploaded back then carries every form,
 *   and the upload puts the forms of such entries back together (`parseFormKey`).
 * - `csv-multi` writes one row per form, each carrying the unit's context and singular source; `tmx` one `<tu>` per
 *   form, paired with the source form of the same index (the last one for the extra forms).
 * - `tbx` and `strings` keep the first form only, as translate-toolkit does.
 * CSV cells that a spreadsheet would run as a formula are quoted (spreadsheet-formula.ts); XLSX cells are written
 * as inline strings, which spreadsheets never run.
 * A unit's key is its context, or its source when it has none (bilingual components): monolingual formats key
 * entries by it, XLIFF uses it as the id.
 * Plural strings are converted to the exported format's forms by CLDR category (Android Russian one/few/many/other
 * becomes gettext's one/few/many), so the file has exactly the forms its toolchain expects.
 */

export interface ExportContext {
  sourceLanguage: string;
  language: string;
  /** CLDR category of each plural form the units carry (their component's file format and language decide them). */
  formCategories: readonly string[];
  /** Plural forms of the exported file, as the exporter's format and the language decide them. */
  plural: ExportPlural;
}

interface ExportPlural {
  count: number;
  /** CLDR category of each form. */
  categories: readonly string[];
  /** gettext `Plural-Forms` value, for PO and MO. */
  pluralForms: string;
}

export interface ExportedFile {
  data: Buffer;
  contentType: string;
  extension: string;
}

interface Exporter {
  contentType: string;
  extension: string;
  write(units: readonly TranslationUnit[], options: SerializeOptions): Buffer | Promise<Buffer>;
}

function through(format: TranslationFormat, prepare: (units: readonly TranslationUnit[]) => readonly TranslationUnit[] = (units) => units): Exporter['write'] {
  return (units, options) => format.serialize(prepare(units), options);
}

/** Both XLIFF downloads are XLIFF 1.1 files, as translate-toolkit writes them. */
function xliff11(format: XliffFormat, prepare: (units: readonly TranslationUnit[]) => readonly TranslationUnit[]): Exporter['write'] {
  return (units, options) => format.serialize(prepare(units), { ...options, template: xliff11File(options) });
}

function xliff11File(options: SerializeOptions): Buffer {
  return Buffer.from('<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.1" xmlns="urn:oasis:names:tc:xliff:document:1.1">\n' +
    `  <file original="weblate" source-language="${escapeXmlAttribute(options.sourceLanguage ?? 'en')}" target-language="${escapeXmlAttribute(options.language)}" datatype="plaintext">\n` +
    '    <body>\n    </body>\n  </file>\n</xliff>\n');
}

const EXPORTERS: ReadonlyMap<string, Exporter> = new Map<string, Exporter>([
  ['po', { contentType: 'text/x-po', extension: 'po', write: through(new PoFormat()) }],
  ['mo', { contentType: 'application/x-gettext-catalog', extension: 'mo', write: through(new MoFormat()) }],
  ['xliff', { contentType: 'application/x-xliff+xml', extension: 'xlf', write: xliff11(new XliffFormat(), (units) => uniqueIds(xmlSafe(units))) }],
  ['xliff11', { contentType: 'application/x-xliff+xml', extension: 'xlf', write: xliff11(new PlainXliffFormat(), (units) => uniqueIds(xmlSafe(units)).flatMap(formUnits)) }],
  ['tbx', { contentType: 'application/x-tbx', extension: 'tbx', write: through(new TbxFormat(), xmlSafe) }],
  ['tmx', { contentType: 'application/x-tmx', extension: 'tmx', write: (units, options) => writeTmx(units.flatMap(formUnits).map((unit) => tmxPair(unit, options)), options.sourceLanguage ?? 'en') }],
  ['csv', { contentType: 'text/csv', extension: 'csv', write: through(new CsvFormat(), (units) => units.flatMap(formUnits).map(formulaSafe)) }],
  ['csv-multi', { contentType: 'text/csv', extension: 'csv', write: through(new CsvFormat(), (units) => units.flatMap(formRows).map(formulaSafe)) }],
  ['xlsx', { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', write: through(new XlsxFormat(), (units) => units.flatMap(formUnits)) }],
  ['json', { contentType: 'application/json', extension: 'json', write: through(new JsonFormat(), (units) => keyed(units.flatMap(formUnits))) }],
  ['json-nested', { contentType: 'application/json', extension: 'json', write: through(new JsonNestedFormat(), (units) => keyed(units.flatMap(formUnits))) }],
  ['aresource', { contentType: 'application/xml', extension: 'xml', write: through(new AndroidFormat(), (units) => keyed(xmlSafe(units))) }],
  ['strings', { contentType: 'text/plain', extension: 'strings', write: through(new StringsFormat(), keyed) }],
]);

export function listExporters(): string[] {
  return [...EXPORTERS.keys()];
}

export async function exportUnits(format: string, units: readonly TranslationUnit[], context: ExportContext): Promise<ExportedFile> {
  const exporter = EXPORTERS.get(format);
  if (!exporter) throw new Error(`unknown export format "${format}"`);
  const { plural } = context;
  const options: SerializeOptions = {
    language: context.language,
    sourceLanguage: context.sourceLanguage,
    pluralCount: plural.count,
    pluralForms: plural.pluralForms,
    pluralCategories: plural.categories,
  };
  const converted = units.map((unit) => (isPlural(unit) ? { ...unit, target: remapForms(unit.target, context.formCategories, plural.categories) } : unit));
  return { data: await exporter.write(converted, options), contentType: exporter.contentType, extension: exporter.extension };
}

function isPlural(unit: TranslationUnit): boolean {
  return unit.source.length > 1 || unit.target.length > 1;
}

/**
 * XLIFF ids must be unique in a file, and the context alone is not: gettext messages may share a msgctxt. A unit
 * whose context (or source) is already taken is identified by context and source together, as in its PO file.
 */
function uniqueIds(units: readonly TranslationUnit[]): TranslationUnit[] {
  const taken = new Set<string>();
  return units.map((unit) => {
    const key = unitKey(unit);
    let id = key;
    for (let n = 1; taken.has(id); n++) id = `${unit.context}/${unit.source[0] ?? ''}${n > 1 ? `#${n}` : ''}`;
    taken.add(id);
    return id === key ? unit : { ...unit, context: id };
  });
}

/** Units of a key/value file: keyed by context, or by source where there is none. */
function keyed(units: readonly TranslationUnit[]): TranslationUnit[] {
  return units.map((unit) => ({ ...keyedUnit(unitKey(unit), unit.target), state: unit.state, note: unit.note }));
}

/** XML 1.0 cannot hold control characters other than tab and line breaks; Weblate's XML exporters drop them. */
function xmlSafe(units: readonly TranslationUnit[]): TranslationUnit[] {
  const clean = withoutXmlInvalidCharacters;
  return units.map((unit) => ({ ...unit, context: clean(unit.context), source: unit.source.map(clean), target: unit.target.map(clean), note: clean(unit.note) }));
}

/** A unit (one form of it) as a TMX pair; memory has no context, so none is written. */
function tmxPair(unit: TranslationUnit, options: SerializeOptions): TmxPair {
  return { source: unit.source[0] ?? '', target: unit.target[0] ?? '', sourceLanguage: options.sourceLanguage ?? 'en', targetLanguage: options.language, note: unit.note };
}

/** A plural unit as one unit per form (ids and contexts suffixed `[n]`); other units unchanged. */
function formUnits(unit: TranslationUnit): TranslationUnit[] {
  if (unit.target.length === 1) return [unit];
  const key = unitKey(unit);
  return unit.target.map((form, index) => ({
    ...unit,
    id: formKey(unit.id, index),
    context: formKey(key, index),
    source: [unit.source[Math.min(index, unit.source.length - 1)]],
    target: [form],
  }));
}

/** A plural unit as one CSV row per form, all with the unit's context and singular source. */
function formRows(unit: TranslationUnit): TranslationUnit[] {
  return unit.target.map((form, index) => ({ ...unit, id: formKey(unit.id, index), target: [form] }));
}

/** A unit's text as CSV downloads write it: what a spreadsheet would run as a formula is quoted. */
function formulaSafe(unit: TranslationUnit): TranslationUnit {
  return {
    ...unit,
    location: quoteFormula(unit.location),
    context: quoteFormula(unit.context),
    source: unit.source.map(quoteFormula),
    target: unit.target.map(quoteFormula),
    note: quoteFormula(unit.note),
  };
}
