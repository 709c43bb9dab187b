import { parseFormKey, PLURAL_SEPARATOR, TranslationUnit, UnitState, unitKey } from '../../formats';
import type { StoredUnit } from './upload-plan';

/**
 * Which stored string each string of an uploaded file is, and with which forms. A file of the component's own format
 * names its strings as the import does (`id_hash`); a file converted to another format (a download with `?format=`
 * edited and sent back) names them by context and source, or by its key (context, or source where there is none),
 * and a plural may arrive as one entry per form (`key[n]`), in the converted format's plural forms.
 */

export interface UploadedUnit {
  unit: TranslationUnit;
  idHash: string;
}

export interface MatchedUnit {
  /** The file's string, its forms in the stored string's plural forms when it has a match. */
  unit: TranslationUnit;
  stored?: StoredUnit;
}

export interface UploadPlurals {
  /** CLDR category of each plural form of the file's plural strings (its format's and the language's plural). */
  file: readonly string[];
  /** CLDR category of each form entry `key[n]` (the plural the downloads writing them use). */
  forms: readonly string[];
  /** CLDR category of each plural form of the stored strings. */
  stored: readonly string[];
}

/**
 * The file's strings, each with its stored string (none when the file's string matches nothing), in file order;
 * the form entries of one plural are one string, at the place of its first form, or of the string itself when the
 * file also has it without any form (a monolingual file read against its template lists every template key). A
 * string whose forms cannot be placed (one form for a plural, forms for a string without plural) keeps its match
 * but no target, so nothing is written.
 */
export function matchUploadedUnits(file: readonly UploadedUnit[], stored: readonly StoredUnit[], plurals: UploadPlurals): MatchedUnit[] {
  const find = storedLookup(stored);
  const matched: MatchedUnit[] = [];
  const direct = new Map<StoredUnit, MatchedUnit>();
  const groups = new Map<StoredUnit, { entry: MatchedUnit; forms: string[]; fuzzy: boolean }>();
  for (const { unit, idHash } of file) {
    const found = find(unit, idHash);
    const form = found ? undefined : parseFormKey(unitKey(unit));
    const plural = form && find.byKey(form.key);
    if (!form || !plural || plural.target.length < 2) {
      const entry = { unit, stored: found };
      matched.push(entry);
      if (found && !direct.has(found)) direct.set(found, entry);
      continue;
    }
    let group = groups.get(plural);
    if (!group) {
      const blank = direct.get(plural);
      const entry = blank && blank.unit.target.every((value) => value === '') ? blank : { unit, stored: plural };
      if (entry !== blank) matched.push(entry);
      group = { entry, forms: [], fuzzy: false };
      groups.set(plural, group);
    }
    group.forms[form.index] = unit.target[0] ?? '';
    group.fuzzy ||= unit.state === UnitState.Fuzzy;
  }
  for (const [plural, group] of groups) {
    const forms = plurals.forms.map((_, index) => group.forms[index]);
    const complete = forms.every((value) => value !== undefined && value !== '');
    group.entry.unit = {
      ...group.entry.unit,
      context: plural.context,
      source: plural.source,
      target: inStoredPlural(forms.map((value) => value ?? ''), plurals.forms, plural.target, plurals.stored),
      state: complete ? (group.fuzzy ? UnitState.Fuzzy : UnitState.Translated) : UnitState.Empty,
    };
  }
  return matched.map((entry) => {
    if (!entry.stored || groups.get(entry.stored)?.entry === entry) return entry;
    const target = inStoredPlural(entry.unit.target, plurals.file, entry.stored.target, plurals.stored);
    return target === entry.unit.target ? entry : { ...entry, unit: { ...entry.unit, target } };
  });
}

/**
 * Forms in the stored plural: each goes to its category; a category the file's plural lacks (Android's `other`
 * for Russian, which gettext does not have) keeps its stored form. Strings without plural stay as they are; a
 * mismatch of singular and plural, or of the number of forms, gives none.
 */
function inStoredPlural(target: string[], categories: readonly string[], stored: readonly string[], storedCategories: readonly string[]): string[] {
  if (target.length < 2 && stored.length < 2) return target;
  if (target.length !== categories.length || stored.length !== storedCategories.length) return [];
  return storedCategories.map((category, index) => {
    const at = categories.indexOf(category);
    return at >= 0 ? target[at] : stored[index];
  });
}

/**
 * Entries of a monolingual file that its template lacks but that are forms (`key[n]`) of one of its plural keys: a
 * download converted to a format with the component's own extension (the JSON download of an i18next component)
 * read against the template would lose them.
 */
export function formEntries(file: readonly TranslationUnit[], read: readonly TranslationUnit[]): TranslationUnit[] {
  const known = new Set(read.map((unit) => unit.id));
  const plurals = new Set(read.filter((unit) => unit.source.length > 1).map(unitKey));
  return file.filter((unit) => !known.has(unit.id) && plurals.has(parseFormKey(unitKey(unit))?.key ?? ''));
}

type Lookup = ((unit: TranslationUnit, idHash: string) => StoredUnit | undefined) & { byKey(key: string): StoredUnit | undefined };

/**
 * Weblate's order (`UnitQuerySet.get_unit`): the identity, then context and source (the context as given, without an
 * XLIFF file prefix `file///`, then empty), then the key converted files use. Weblate's last resort, the source
 * alone, is left out: a converted monolingual file carries translations where sources would be, and a translation
 * that happens to equal another string's source would land there.
 */
function storedLookup(stored: readonly StoredUnit[]): Lookup {
  const byHash = new Map(stored.map((unit) => [unit.idHash, unit]));
  // A file of the component's own format finds every string by its id hash: the other indexes (a string key per
  // stored string, 100 k of them in a large translation) are built at the first string it does not find.
  let bySource: Map<string, StoredUnit> | undefined;
  let byKey: Map<string, StoredUnit> | undefined;
  const sourceIndex = () => (bySource ??= new Map(stored.map((unit) => [sourceKey(unit.context, unit.source), unit])));
  const keyIndex = () => (byKey ??= uniqueBy(stored, unitKey));
  const find = (unit: TranslationUnit, idHash: string) => {
    const exact = byHash.get(idHash);
    if (exact) return exact;
    const contexts = [unit.context, ...(unit.context.includes('///') ? [unit.context.split('///', 2)[1]] : []), ...(unit.context ? [''] : [])];
    for (const context of contexts) {
      const found = sourceIndex().get(sourceKey(context, unit.source));
      if (found) return found;
    }
    return keyIndex().get(unitKey(unit));
  };
  return Object.assign(find, { byKey: (key: string) => keyIndex().get(key) });
}

function sourceKey(context: string, source: readonly string[]): string {
  return `${context}\u0000${source.join(PLURAL_SEPARATOR)}`;
}

/** Units by a key, leaving out keys that two units share: such a key names neither. */
function uniqueBy(stored: readonly StoredUnit[], key: (unit: StoredUnit) => string): Map<string, StoredUnit> {
  const found = new Map<string, StoredUnit | null>();
  for (const unit of stored) found.set(key(unit), found.has(key(unit)) ? null : unit);
  return new Map([...found].filter((entry): entry is [string, StoredUnit] => entry[1] !== null));
}
