import { stringify } from 'csv-stringify/sync';
import { quoteFormula } from '../formats';

/** The component export's columns, in Weblate's order (its CSV header). */
export const COMPONENT_COLUMNS = [
  'name', 'code', 'total', 'translated', 'translated_percent', 'translated_words_percent', 'total_words', 'translated_words',
  'total_chars', 'translated_chars', 'translated_chars_percent', 'failing', 'failing_percent', 'fuzzy', 'fuzzy_percent',
  'url_translate', 'url', 'translate_url', 'last_change', 'last_author', 'recent_changes', 'readonly', 'readonly_percent',
  'approved', 'approved_percent', 'suggestions', 'comments',
] as const;

/** The project export's columns (one row per language), as Weblate 4 had them. */
export const PROJECT_COLUMNS = [
  'language', 'code', 'total', 'translated', 'translated_percent', 'total_words', 'translated_words', 'translated_words_percent',
  'total_chars', 'translated_chars', 'translated_chars_percent',
] as const;

export type ExportRow = Record<string, unknown>;

/** `?format=csv` gives CSV; anything else (json, absent, unknown) the pretty-printed JSON Weblate served. */
export function renderStatistics(rows: ExportRow[], columns: readonly string[], format: unknown): { contentType: string; body: string } {
  if (format === 'csv') {
    // Names (a user's full name as last author) are the callers'; a spreadsheet must not run them as formulas.
    const records = rows.map((row) => columns.map((column) => {
      const value = row[column] ?? '';
      return typeof value === 'string' ? quoteFormula(value) : value;
    }));
    return { contentType: 'text/csv; charset=utf-8', body: stringify([columns as string[], ...records]) };
  }
  return { contentType: 'application/json', body: JSON.stringify(rows, null, 2) };
}
