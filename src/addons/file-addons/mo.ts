import { posix } from 'node:path';
import { MoFormat } from '../../formats/mo';
import { PoFormat } from '../../formats/po';
import { UnitState } from '../../formats/translation-format';

/**
 * Where the MO compiled from `poPath` goes: Weblate's `path` template, its default `{{ filename|stripext }}.mo`
 * (beside the PO). The template's variables are those Weblate offers for repository paths that apply here.
 */
export function moPath(template: string, poPath: string, languageCode: string): string {
  const stripped = poPath.replace(/\.[^./]*$/, '');
  return (template || '{{ filename|stripext }}.mo')
    .replace(/\{\{\s*filename\|stripext\s*\}\}/g, stripped)
    .replace(/\{\{\s*filename\s*\}\}/g, poPath)
    .replace(/\{\{\s*language_code\s*\}\}/g, languageCode)
    .replace(/\{\{\s*dirname\s*\}\}/g, posix.dirname(poPath));
}

/** Compiles a PO file as msgfmt does (with `fuzzy`, strings needing editing are compiled too, as `msgfmt -f`). */
export function compileMo(po: Buffer, language: string, fuzzy: boolean): Buffer {
  const units = new PoFormat().parse(po).units.map((unit) =>
    fuzzy && unit.state === UnitState.Fuzzy ? { ...unit, state: UnitState.Translated } : unit,
  );
  return new MoFormat().serialize(units, { original: po, language });
}
