import { EntityManager } from 'typeorm';
import { TranslationUnit, UnitState } from '../../formats';
import type { TranslationContext } from '../../translations/translation-context';
import { componentTranslations, markForWrite } from '../translation-files.repository';
import { toRow } from '../unit-rows';
import { appendUnits, unitIdsByHash } from '../unit-rows.repository';

/**
 * Method `add`: strings of the file the translation does not have become new units, pending for the next
 * commit. Bilingual files get them in this translation (and their source string in the source translation);
 * monolingual components take new keys only in the source language, with empty units in every translation.
 * Returns the ids of the units added to this translation.
 */
export async function addMissingUnits(manager: EntityManager, context: TranslationContext, units: readonly TranslationUnit[]): Promise<number[]> {
  const { component } = context.component;
  const monolingual = component.template !== '';
  const isSource = context.translation.isSource;
  if (monolingual && !isSource) return [];
  const translations = await componentTranslations(manager, component.id);
  const source = translations.find((translation) => translation.isSource)!;
  const sourceState = monolingual && component.editTemplate ? UnitState.Translated : UnitState.ReadOnly;
  await appendUnits(manager, source.id, units.map((unit) => ({ ...unit, target: unit.source, state: sourceState })), null);
  if (isSource) {
    for (const translation of translations.filter((candidate) => !candidate.isSource)) {
      await appendUnits(manager, translation.id, units.map((unit) => ({ ...unit, target: unit.source.map(() => ''), state: UnitState.Empty })), source.id);
    }
  } else {
    await appendUnits(manager, context.translation.id, units, source.id);
  }
  await markForWrite(manager, translations.map((translation) => translation.id));
  return unitIdsByHash(manager, context.translation.id, units.map((unit) => toRow(unit, []).idHash), true);
}
