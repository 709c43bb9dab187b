import { COLUMNS, Column, headerColumns, recordUnit, recordValues } from './csv';
import { ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit, UnitState } from './translation-format';
import { keyedUnit, mergeWithTemplate, numbered, sameStrings } from './units';
import { readFirstSheet, writeSheet } from './xlsx-sheet';

/**
 * Excel workbooks (Weblate `xlsx`, which converts the first sheet to CSV): the sheet is read like a CSV file, named
 * columns from a header row or source,target / location,source,target without one. Bilingual on its own; with a
 * template the key is in `context` (or `id`) and the translation in `target`.
 *
 * A workbook is not patched in place: when any unit changed, a new minimal workbook with Weblate's CSV header is
 * written (styles and other sheets of the original are not kept); when none did, the original bytes are returned.
 */
export class XlsxFormat implements TranslationFormat {
  readonly id = 'xlsx';
  readonly name = 'Excel Open XML';
  readonly extensions = ['xlsx'];
  readonly monolingual = false;
  readonly bilingualCapable = true;

  async parse(data: Buffer, options: ParseOptions = {}): Promise<ParsedFile> {
    if (!options.template) return { units: numbered(await readRecords(data, recordUnit)), header: {} };
    const [template, translation] = await Promise.all([readRecords(options.template, keyedRecordUnit), readRecords(data, keyedRecordUnit)]);
    return { units: mergeWithTemplate(template, translation), header: {} };
  }

  async serialize(units: readonly TranslationUnit[], options: SerializeOptions): Promise<Buffer> {
    if (options.original) {
      const stored = await this.parse(options.original, { template: options.template, language: options.language });
      if (sameUnits(stored.units, units)) return options.original;
    }
    const rows = units.map((unit) => {
      const values = recordValues(unit);
      return COLUMNS.map((column) => values[column]);
    });
    return writeSheet([[...COLUMNS], ...rows], options.language);
  }
}

async function readRecords(data: Buffer, toUnit: (fields: Partial<Record<Column, string>>) => TranslationUnit): Promise<TranslationUnit[]> {
  const rows = await readFirstSheet(data);
  const header = headerColumns(rows[0] ?? []);
  const columns: Column[] = header ?? ((rows[0]?.length ?? 0) >= 3 ? ['location', 'source', 'target'] : ['source', 'target']);
  return rows
    .slice(header ? 1 : 0)
    .filter((row) => row.some((value) => value !== ''))
    .map((row) => toUnit(Object.fromEntries(columns.map((column, index) => [column, row[index] ?? '']))));
}

/** A record of a monolingual sheet: keyed by context (or id, or the source when neither column exists). */
function keyedRecordUnit(fields: Partial<Record<Column, string>>): TranslationUnit {
  const value = fields.target ?? fields.source ?? '';
  const record = recordUnit({ ...fields, target: value });
  return keyedUnit(fields.context || fields.id || fields.source || '', [value], { state: record.state, note: record.note, location: record.location });
}

/** Whether writing `units` would store nothing new: same units in the same order, same targets and fuzziness. */
function sameUnits(stored: readonly TranslationUnit[], units: readonly TranslationUnit[]): boolean {
  const fuzzy = (unit: TranslationUnit): boolean => unit.state === UnitState.Fuzzy;
  return stored.length === units.length && stored.every((unit, index) =>
    unit.id === units[index].id && sameStrings(unit.target, units[index].target) && fuzzy(unit) === fuzzy(units[index]));
}
