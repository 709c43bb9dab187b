import { EntityManager } from 'typeorm';
import { TranslationUnit } from '../formats';
import { toRow, upsertUnits } from './unit-rows';

/** New pending units after the translation's last position; strings it already has are left as they are. */
export async function appendUnits(
  manager: EntityManager,
  translationId: number,
  units: readonly TranslationUnit[],
  sourceTranslationId: number | null,
  checksOf: (unit: TranslationUnit) => string[] = () => [],
): Promise<void> {
  const candidates = units.map((unit) => toRow(unit, checksOf(unit)));
  const existing: { id_hash: string }[] = await manager.query('SELECT id_hash FROM units WHERE translation_id = $1 AND id_hash = ANY($2::bigint[])', [
    translationId,
    candidates.map((row) => row.idHash),
  ]);
  const known = new Set(existing.map((row) => String(row.id_hash)));
  const [{ last }]: { last: number }[] = await manager.query('SELECT coalesce(max(position), 0) AS last FROM units WHERE translation_id = $1', [translationId]);
  const rows = candidates.filter((row) => !known.has(row.idHash) && known.add(row.idHash));
  rows.forEach((row, index) => (row.unit = { ...row.unit, position: Number(last) + index + 1 }));
  await upsertUnits(manager, translationId, rows, sourceTranslationId);
  await manager.query('UPDATE units SET pending = true WHERE translation_id = $1 AND id_hash = ANY($2::bigint[])', [translationId, rows.map((row) => row.idHash)]);
}
