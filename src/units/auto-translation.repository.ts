import { EntityManager } from 'typeorm';
import { UnitState } from '../formats';

/** Where automatic translation takes existing translations from: one component, or every component of a project with the same source language. */
export type OtherComponents = { componentId: number } | { projectId: number; sourceLanguageId: number };

/**
 * For each of these strings, a translation of the same source text into the same language found in other
 * translations (Weblate's AutoTranslate `others`: the source text alone decides, not the context). Only
 * translated strings with a text count; when several match, the most recently changed one is taken.
 */
export async function translationsOfSameSource(
  manager: EntityManager, unitIds: readonly number[], where: { languageId: number; exceptTranslationId: number; from: OtherComponents },
): Promise<Map<number, string[]>> {
  if (!unitIds.length) return new Map();
  const params: unknown[] = [[...unitIds], where.languageId, where.exceptTranslationId];
  const components = 'componentId' in where.from
    ? `oc.id = $${params.push(where.from.componentId)}`
    : `oc.project_id = $${params.push(where.from.projectId)} AND oc.source_language_id = $${params.push(where.from.sourceLanguageId)}`;
  const rows: { id: number; target: string[] }[] = await manager.query(
    `SELECT DISTINCT ON (u.id) u.id, o.target
       FROM units u
       JOIN units o ON o.source = u.source AND o.id <> u.id
       JOIN translations ot ON ot.id = o.translation_id
       JOIN components oc ON oc.id = ot.component_id
      WHERE u.id = ANY($1::int[]) AND ot.language_id = $2 AND ot.id <> $3 AND ${components}
        AND o.state >= ${UnitState.Translated} AND EXISTS (SELECT 1 FROM unnest(o.target) AS form(text) WHERE form.text <> '')
      ORDER BY u.id, o.last_updated DESC, o.id DESC`,
    params,
  );
  return new Map(rows.map((row) => [Number(row.id), row.target]));
}
