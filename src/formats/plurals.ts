import { SerializeOptions } from './translation-format';

/**
 * Formats that key plural forms by CLDR category (i18next v4, go-i18n, Android, stringsdict) need the categories of
 * the language in plural-form order. The caller knows them (`pluralCategories`); otherwise the usual set for that
 * many forms is assumed, which is right for most languages but not all (e.g. three-form Russian is one/few/many).
 */

const CLDR_CATEGORIES = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;

const BY_COUNT: Record<number, readonly string[]> = {
  1: ['other'],
  2: ['one', 'other'],
  3: ['one', 'few', 'other'],
  4: ['one', 'two', 'few', 'other'],
  5: ['one', 'two', 'few', 'many', 'other'],
  6: CLDR_CATEGORIES,
};

export function isCategory(name: string): boolean {
  return (CLDR_CATEGORIES as readonly string[]).includes(name);
}

/** Categories in the canonical order, which is also gettext's plural-form order for the languages Weblate ships. */
export function sortCategories(names: Iterable<string>): string[] {
  return [...names].filter(isCategory).sort((a, b) => CLDR_CATEGORIES.indexOf(a as never) - CLDR_CATEGORIES.indexOf(b as never));
}

export function pluralCategories(count: number, options: Pick<SerializeOptions, 'pluralCategories'>): readonly string[] {
  if (options.pluralCategories?.length === count) return options.pluralCategories;
  return BY_COUNT[count] ?? CLDR_CATEGORIES;
}
