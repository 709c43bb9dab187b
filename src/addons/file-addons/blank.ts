import type { TranslationFormat } from '../../formats/translation-format';

/**
 * The file without its untranslated entries (Weblate's cleanup_blank), or null when it has none. Only for
 * monolingual files: the template keeps the strings, so an entry left out is just untranslated.
 */
export async function withoutBlank(format: TranslationFormat, data: Buffer, language: string): Promise<Buffer | null> {
  const { units } = await format.parse(data, { language });
  const kept = units.filter((unit) => unit.target.some((form) => form !== ''));
  if (kept.length === units.length) return null;
  return format.serialize(kept, { original: data, language, monolingual: true });
}
