import { ParsedFile, ParseOptions, TranslationFormat, TranslationUnit, UnitState } from './translation-format';

/**
 * Whether a component's files hold keys with values: always for monolingual formats, and for formats that can be
 * either when the component names a template (Weblate `Component.has_template()` with a "Both" format).
 */
export function isMonolingual(format: TranslationFormat, hasTemplate: boolean): boolean {
  return format.monolingual || (hasTemplate && format.monolingualCapable === true);
}

/** Weblate joins plural forms with this when one string must stand for all of them (`weblate/utils/state.py`). */
export const PLURAL_SEPARATOR = '\x1e\x1e';

/**
 * The identity Weblate hashes into `id_hash` (`weblate/formats/base.py` `TranslationUnit.id_hash`): the key alone for
 * monolingual files, source + context for bilingual ones.
 */
export function unitId(monolingual: boolean, context: string, source: readonly string[]): string {
  return monolingual ? context : source.join(PLURAL_SEPARATOR) + context;
}

/**
 * State as a file can express it: nothing written is empty, a fuzzy marker on a written string is "needs editing".
 * A plural with any form written is translated, as translate-toolkit (and so Weblate) counts it: a file written
 * for fewer categories than the language has (Czech one/few/other where CLDR adds `many`) is not untranslated;
 * Weblate's "Missing plurals" check is what points at the empty forms.
 */
export function stateFor(target: readonly string[], fuzzy = false): UnitState {
  if (target.every((form) => form === '')) return UnitState.Empty;
  return fuzzy ? UnitState.Fuzzy : UnitState.Translated;
}

export function sameStrings(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

type UnitFields = Pick<TranslationUnit, 'context' | 'source' | 'target'> & Partial<TranslationUnit>;

/** A unit with empty metadata, its id derived from context/source and its state from the target. */
export function makeUnit(monolingual: boolean, fields: UnitFields): TranslationUnit {
  return {
    id: unitId(monolingual, fields.context, fields.source),
    state: stateFor(fields.target),
    note: '',
    location: '',
    flags: '',
    previousSource: '',
    position: 0,
    ...fields,
  };
}

/** A key/value entry of a monolingual file read on its own: the value is both source and target. */
export function keyedUnit(key: string, values: string[], extra: Partial<TranslationUnit> = {}): TranslationUnit {
  return makeUnit(true, { context: key, source: values, target: values, ...extra });
}

/**
 * Monolingual translation read against its template (Weblate `TranslationFormat` with `template_store`): the template
 * decides which keys exist, their order, sources and developer notes; the translation only contributes targets.
 * Keys missing from the translation are untranslated; keys only in the translation are ignored, as Weblate does.
 */
export function mergeWithTemplate(template: readonly TranslationUnit[], translation: readonly TranslationUnit[]): TranslationUnit[] {
  const translated = new Map(translation.map((unit) => [unit.id, unit]));
  return template.map((base, index) => {
    const own = translated.get(base.id);
    return {
      ...base,
      source: base.target,
      target: own ? own.target : base.target.map(() => ''),
      // A string the template marks untranslatable (Android translatable="false") is read-only in every translation.
      state: base.state === UnitState.ReadOnly ? UnitState.ReadOnly : (own?.state ?? UnitState.Empty),
      note: base.note || (own?.note ?? ''),
      previousSource: own?.previousSource ?? '',
      position: index + 1,
    };
  });
}

/** Positions are 1-based in file order. */
export function numbered(units: TranslationUnit[]): TranslationUnit[] {
  units.forEach((unit, index) => (unit.position = index + 1));
  return units;
}

/** `parse()` of a monolingual format: the file on its own, or merged into its template when one is given. */
export function parseMonolingual(data: Buffer, options: ParseOptions, readUnits: (data: Buffer, pluralCategories?: readonly string[]) => TranslationUnit[]): ParsedFile {
  // The template is in the source language: its plural forms are its own, read in file order.
  const units = readUnits(data, options.pluralCategories);
  return { units: options.template ? mergeWithTemplate(readUnits(options.template), units) : units, header: {} };
}
