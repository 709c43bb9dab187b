import type { TranslationFormat } from '../../formats/translation-format';

/** The keys of a monolingual template, which its translation files may hold. */
export async function templateKeys(format: TranslationFormat, template: Buffer): Promise<ReadonlySet<string>> {
  return new Set((await format.parse(template, { monolingual: 'base' })).units.map((unit) => unit.id));
}

/**
 * The translation file without the keys its template does not have (Weblate's cleanup_unused), or null when it has
 * none; the rest of the file stays as it is.
 */
export async function withoutStale(format: TranslationFormat, data: Buffer, keys: ReadonlySet<string>, language: string): Promise<Buffer | null> {
  const { units } = await format.parse(data, { language, monolingual: 'translation' });
  const kept = units.filter((unit) => keys.has(unit.id));
  if (kept.length === units.length) return null;
  return format.serialize(kept, { original: data, language, monolingual: true });
}
