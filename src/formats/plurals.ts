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

/** CLDR rules of a language code (`pt_BR`, `sr@latin`, `zh_Hant`), or undefined when ICU knows no such locale. */
function cldrRules(language: string): Intl.PluralRules | undefined {
  const tag = language.split('@')[0].replace(/_/g, '-');
  for (const candidate of [tag, tag.split('-')[0]]) {
    try {
      if (Intl.PluralRules.supportedLocalesOf(candidate).length > 0) return new Intl.PluralRules(candidate);
    } catch {
      // A code that is not a BCP 47 tag: try its base language, then give up.
    }
  }
  return undefined;
}

/** The CLDR categories of a language in canonical order, as Android, Rails and i18next v4 files key their forms. */
export function cldrCategories(language: string): string[] | undefined {
  const rules = cldrRules(language);
  return rules && sortCategories(rules.resolvedOptions().pluralCategories);
}

/** Counts a gettext formula is compared with CLDR on: enough to meet every form of the languages Weblate ships. */
const PROBED_COUNTS = 200;

/**
 * The CLDR category of each gettext plural form: the category CLDR gives most of the counts the formula sends to
 * that form (Russian `n%10==1 …` forms are one/few/many). A form CLDR does not tell apart gets the next free category.
 */
export function gettextCategories(language: string, count: number, formIndex: (n: number) => number): string[] {
  const rules = cldrRules(language);
  if (!rules) return [...pluralCategories(count, {})];
  const votes = Array.from({ length: count }, () => new Map<string, number>());
  for (let n = 0; n <= PROBED_COUNTS; n++) {
    const form = votes[formIndex(n)];
    const category = rules.select(n);
    form?.set(category, (form.get(category) ?? 0) + 1);
  }
  const taken = new Set<string>();
  const chosen = votes.map((form) => {
    const best = [...form].sort((a, b) => b[1] - a[1]).map(([category]) => category).find((category) => !taken.has(category));
    if (best) taken.add(best);
    return best;
  });
  return chosen.map((category) => {
    if (category) return category;
    const free = CLDR_CATEGORIES.find((name) => !taken.has(name))!;
    taken.add(free);
    return free;
  });
}

/**
 * Forms of one plural string moved from one category order to another (a file converted to a format with other
 * plural rules): each form goes to its category; a category the forms lack takes the `other` form, or the last one.
 */
export function remapForms(forms: readonly string[], from: readonly string[], to: readonly string[]): string[] {
  const fallback = forms[from.indexOf('other')] ?? forms[forms.length - 1] ?? '';
  return to.map((category) => {
    const index = from.indexOf(category);
    return index >= 0 && index < forms.length ? forms[index] : fallback;
  });
}
