import { cldrCategories, getFormat, gettextCategories } from '../formats';
import { parsePluralFormula } from './plural-formula';

/** A language's gettext plural definition (its default `plurals` row). */
export interface GettextPlural {
  number: number;
  formula: string;
}

/**
 * The plural forms strings of one translation have: how many the API shows, accepts and the file gets, and the CLDR
 * category of each (what converting to another format maps by). The file format and the language decide it here,
 * and nowhere else: formats keyed by CLDR category (Android, Rails YAML) follow the language's CLDR rules (Russian:
 * one/few/many/other), the others its gettext plural (Russian: one/few/many), as Weblate's per-format plural does.
 */
export interface TranslationPlural {
  count: number;
  categories: readonly string[];
  /** The gettext `Plural-Forms` header value of the language. */
  pluralForms: string;
}

const ENGLISH_PLURAL: GettextPlural = { number: 2, formula: 'n != 1' };

/**
 * Deciding a plural probes ICU and the formula a few hundred times (about 0.4 ms): every save and upload asks, so each
 * answer is kept. The inputs are few (formats × languages × their formulas), and the answer depends on nothing else.
 */
const decided = new Map<string, TranslationPlural>();

export function translationPlural(formatId: string, languageCode: string, gettext: GettextPlural | null | undefined): TranslationPlural {
  const { number, formula } = gettext ?? ENGLISH_PLURAL;
  const key = `${formatId}\u0000${languageCode}\u0000${number}\u0000${formula}`;
  let plural = decided.get(key);
  if (!plural) decided.set(key, (plural = decide(formatId, languageCode, number, formula)));
  return plural;
}

function decide(formatId: string, languageCode: string, number: number, formula: string): TranslationPlural {
  const pluralForms = `nplurals=${number}; plural=${formula};`;
  const cldr = getFormat(formatId)?.pluralsByCategory ? cldrCategories(languageCode) : undefined;
  if (cldr) return { count: cldr.length, categories: cldr, pluralForms };
  return { count: number, categories: gettextCategories(languageCode, number, formIndex(formula)), pluralForms };
}

/** The loaded shape of a translation (its component, language and default plural) the plural is decided from. */
export interface PluralScope {
  component: { component: { fileFormat: string } };
  translation: { languageCode: string };
  language: { plurals?: GettextPlural[] | null };
}

export function pluralOf(scope: PluralScope): TranslationPlural {
  return translationPlural(scope.component.component.fileFormat, scope.translation.languageCode, scope.language.plurals?.[0]);
}

/** A stored formula that no longer parses sends every number to the first form rather than failing the write. */
function formIndex(formula: string): (n: number) => number {
  try {
    return parsePluralFormula(formula);
  } catch {
    return () => 0;
  }
}
