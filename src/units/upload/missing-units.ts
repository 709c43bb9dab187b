import { EntityManager } from 'typeorm';
import { TranslationUnit, UnitState } from '../../formats';
import type { TranslationContext } from '../../translations/translation-context';
import { appendUnits } from '../append-units';
import { toRow } from '../unit-rows';

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
  const translations: { id: number; is_source: boolean }[] = await manager.query('SELECT id, is_source FROM translations WHERE component_id = $1', [component.id]);
  const source = translations.find((translation) => translation.is_source)!;
  const sourceState = monolingual && component.editTemplate ? UnitState.Translated : UnitState.ReadOnly;
  await appendUnits(manager, source.id, units.map((unit) => ({ ...unit, target: unit.source, state: sourceState })), null);
  if (isSource) {
    for (const translation of translations.filter((candidate) => !candidate.is_source)) {
      await appendUnits(manager, translation.id, units.map((unit) => ({ ...unit, target: unit.source.map(() => ''), state: UnitState.Empty })), source.id);
    }
  } else {
    await appendUnits(manager, context.translation.id, units, source.id);
  }
  await manager.query('UPDATE translations SET needs_write = true WHERE component_id = $1', [component.id]);
  const hashes = units.map((unit) => toRow(unit, []).idHash);
  const added: { id: number }[] = await manager.query('SELECT id FROM units WHERE translation_id = $1 AND id_hash = ANY($2::bigint[]) AND pending', [
    context.translation.id,
    hashes,
  ]);
  return added.map((row) => row.id);
}
