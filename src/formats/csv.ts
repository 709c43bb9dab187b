import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { EntryLayout, EntrySlot, rewriteEntries } from './rewrite';
import { unquoteFormula } from './spreadsheet-formula';
import { DecodedText, decodeText, encodeText } from './text-codec';
import { FormatError, ParsedFile, ParseOptions, SerializeOptions, TranslationFormat, TranslationUnit, UnitState } from './translation-format';
import { keyedUnit, makeUnit, numbered, parseMonolingual, stateFor } from './units';

/**
 * CSV files. `csv` is Weblate's bilingual layout (translate-toolkit csvl10n): named columns from a header row, or
 * source,target / location,source,target without one. `csv-simple` is monolingual key,value. Records are rewritten
 * one at a time, quoted like the record they replace.
 */

/** translate-toolkit's csvl10n column names, in the order of the header Weblate writes; XLSX sheets use them too. */
export const COLUMNS = ['location', 'source', 'target', 'id', 'fuzzy', 'context', 'translator_comments', 'developer_comments'] as const;
export type Column = (typeof COLUMNS)[number];

/** A header row names columns when it has `source` and nothing but known column names. */
export function headerColumns(row: readonly string[]): Column[] | undefined {
  const header = row.map((field) => field.trim().toLowerCase());
  return header.includes('source') && header.every((field) => (COLUMNS as readonly string[]).includes(field)) ? (header as Column[]) : undefined;
}

/** A bilingual record by column name. */
export function recordUnit(fields: Partial<Record<Column, string>>): TranslationUnit {
  const target = [fields.target ?? ''];
  return makeUnit(false, {
    context: fields.context || fields.id || '',
    source: [fields.source ?? ''],
    target,
    state: stateFor(target, ['true', '1', 'yes'].includes((fields.fuzzy ?? '').toLowerCase())),
    location: fields.location ?? '',
    note: [fields.translator_comments, fields.developer_comments].filter(Boolean).join('\n'),
  });
}

/** The record a unit is written as; plural units keep their first form, as translate-toolkit's CSV does. */
export function recordValues(unit: TranslationUnit): Record<Column, string> {
  return {
    location: unit.location,
    source: unit.source[0] ?? '',
    target: unit.target[0] ?? '',
    id: '',
    fuzzy: unit.state === UnitState.Fuzzy ? 'True' : 'False',
    context: unit.context,
    translator_comments: '',
    developer_comments: unit.note,
  };
}

interface CsvSlot extends EntrySlot {
  fields: string[];
  /** End of the record's own text, before its line break. */
  textEnd: number;
}

interface CsvTable extends EntryLayout<CsvSlot> {
  codec: DecodedText;
  columns: (Column | undefined)[];
  quoted: boolean;
}

function readTable(data: Buffer, defaultColumns: (count: number) => Column[], toUnit: (fields: Record<string, string>) => TranslationUnit): CsvTable {
  const codec = decodeText(data);
  const { text } = codec;
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: false }) as string[][];
  } catch (error) {
    const { message, lines } = error as Error & { lines?: number };
    throw new FormatError(message, lines);
  }
  const bounds = recordBounds(text);
  const header = headerColumns(records[0] ?? []);
  const hasHeader = header !== undefined;
  const columns: (Column | undefined)[] = header ?? defaultColumns(records[0]?.length ?? 0);
  const slots: CsvSlot[] = [];
  records.forEach((fields, index) => {
    if ((hasHeader && index === 0) || fields.every((field) => field === '')) return;
    const named = Object.fromEntries(columns.map((column, position) => [column, fields[position] ?? '']));
    slots.push({ unit: toUnit(named), fields, ...bounds[index] });
  });
  numbered(slots.map((slot) => slot.unit));
  const quoted = text.startsWith('"');
  return { text, slots, appendAt: text.length, codec, columns, quoted };
}

/** Where each record starts and ends: a line break outside quotes ends a record. */
function recordBounds(text: string): { start: number; end: number; textEnd: number }[] {
  const bounds: { start: number; end: number; textEnd: number }[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    if (text[index] === '"') quoted = !quoted;
    else if (text[index] === '\n' && !quoted) {
      bounds.push({ start, end: index + 1, textEnd: text[index - 1] === '\r' ? index - 1 : index });
      start = index + 1;
    }
  }
  if (start < text.length) bounds.push({ start, end: text.length, textEnd: text.length });
  return bounds;
}

function writeTable(table: CsvTable, units: readonly TranslationUnit[], fieldsOf: (unit: TranslationUnit, old?: string[]) => string[]): Buffer {
  const { codec, quoted } = table;
  const record = (fields: string[]): string => stringify([fields], { quoted, quoted_empty: quoted, record_delimiter: codec.eol });
  const patched = rewriteEntries(table, units, {
    removable: true,
    stateKey: (unit) => (unit.state === UnitState.Fuzzy ? 'fuzzy' : ''),
    rewrite: (unit, slot) => [{ start: slot.start, end: slot.textEnd, text: record(fieldsOf(unit, slot.fields)).slice(0, -codec.eol.length) }],
    append: (added) => (table.text !== '' && !table.text.endsWith('\n') ? codec.eol : '') + added.map((unit) => record(fieldsOf(unit))).join(''),
  });
  return encodeText(patched, codec);
}

export class CsvFormat implements TranslationFormat {
  readonly id: string = 'csv';
  readonly name: string = 'CSV file';
  readonly extensions: readonly string[] = ['csv'];
  readonly monolingual: boolean = false;
  readonly bilingualCapable = true;

  parse(data: Buffer): ParsedFile {
    return { units: this.read(data).slots.map((slot) => slot.unit), header: {} };
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const base = options.original ?? options.template;
    // A new file starts with Weblate's full header row.
    const table = this.read(base ?? Buffer.from(stringify([[...COLUMNS]], { quoted: true })));
    const encode = (unit: TranslationUnit, old?: string[]): string[] => {
      const values = recordValues(unit);
      // An existing record keeps every field but the translation and its fuzzy marker.
      return table.columns.map((column, index) =>
        old && column !== 'target' && column !== 'fuzzy' ? (old[index] ?? '') : column ? values[column] : '',
      );
    };
    return writeTable(table, units, encode);
  }

  /** Fields quoted against spreadsheet formulas (as CSV downloads write them) are read unquoted, as Weblate does. */
  private read(data: Buffer): CsvTable {
    const unquoted = (fields: Record<string, string>) => recordUnit(Object.fromEntries(Object.entries(fields).map(([column, value]) => [column, unquoteFormula(value)])));
    return readTable(data, (count) => (count >= 3 ? ['location', 'source', 'target'] : ['source', 'target']), unquoted);
  }
}

/** `csv-simple`: monolingual key,value records without a header. */
export class CsvSimpleFormat implements TranslationFormat {
  readonly id = 'csv-simple';
  readonly name = 'Simple CSV file';
  readonly extensions = ['csv', 'txt'];
  readonly monolingual = true;
  readonly bilingualCapable = true;

  parse(data: Buffer, options: ParseOptions = {}): ParsedFile {
    return parseMonolingual(data, options, (file) => read(file).slots.map((slot) => slot.unit));
  }

  serialize(units: readonly TranslationUnit[], options: SerializeOptions): Buffer {
    const table = read(options.original ?? options.template ?? Buffer.alloc(0));
    return writeTable(table, units, (unit, old) => [unit.context, unit.target[0] ?? '', ...(old?.slice(2) ?? [])]);
  }
}

function read(data: Buffer): CsvTable {
  // Weblate reads both columns as source/target; for a key/value file those are the key and its value.
  return readTable(data, () => ['source', 'target'], (fields) => keyedUnit(fields.source ?? '', [fields.target ?? '']));
}
