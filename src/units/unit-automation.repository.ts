import { EntityManager } from 'typeorm';
import { UnitState } from '../formats';

/** A unit an automated edit changed, for its change record. */
export interface AutomatedEdit {
  unitId: number;
  translationId: number;
  target: string[];
  old: string[];
}

/** Which of a new string's translations the flag add-ons mark: source strings, translations, or unchanged translations. */
export type FlagRule = 'source' | 'target' | 'same';

const FLAG_CONDITIONS: Record<FlagRule, string> = {
  source: 't.is_source',
  target: 'NOT t.is_source',
  // Unchanged from the source, unless the string's flags say that is fine (Weblate's ignore-same).
  same: `NOT t.is_source AND u.target = u.source AND (coalesce(su.flags, '') || ',' || coalesce(su.extra_flags, '') || ',' || u.flags) !~ '(^|,)\\s*ignore-same\\s*(,|$)'`,
};

/*
 * The edits add-ons make (add-ons/), set-based, in the transaction of the event that asked for them. Strings keep
 * their pending state: these edits are the database's, and reach the files when the translation is next written.
 */

/** Marks the string as needing editing when the rule applies: translated, not read-only (Weblate's flag add-ons). */
export async function markForEditing(manager: EntityManager, unitId: number, rule: FlagRule): Promise<AutomatedEdit[]> {
  return editRows(
    manager,
    `UPDATE units u SET state = ${UnitState.Fuzzy}, last_updated = now()
       FROM translations t, units self LEFT JOIN units su ON su.id = self.source_unit_id
      WHERE u.id = $1 AND self.id = u.id AND t.id = u.translation_id AND u.state >= ${UnitState.Translated} AND u.state < ${UnitState.ReadOnly}
        AND ${FLAG_CONDITIONS[rule]}
      RETURNING u.id, u.translation_id, u.target, u.target AS old`,
    [unitId],
  );
}

/**
 * Fills the component's untranslated strings with their source, as needing editing (Weblate's prefill): every plural
 * form gets the source form of its index, or the last one the source has.
 */
export function prefillFromSource(manager: EntityManager, componentId: number): Promise<AutomatedEdit[]> {
  return fillFromSource(manager, componentId, `u.state = ${UnitState.Empty} AND su.state >= ${UnitState.Translated}`, UnitState.Fuzzy);
}

/** Gives the component's read-only strings their source text when it differs (Weblate's fill_read_only). */
export function fillReadOnlyFromSource(manager: EntityManager, componentId: number): Promise<AutomatedEdit[]> {
  return fillFromSource(manager, componentId, `u.state = ${UnitState.ReadOnly} AND u.target IS DISTINCT FROM su.source`);
}

/**
 * Sets the target of the component's translated-language strings that meet `condition` (over `u`, the string, and
 * `su`, its source) to their source's forms, with `state` when given; each plural form takes the source form of its
 * index, or the source's last one.
 */
function fillFromSource(manager: EntityManager, componentId: number, condition: string, state?: UnitState): Promise<AutomatedEdit[]> {
  return editRows(
    manager,
    `UPDATE units u SET target = ARRAY(SELECT coalesce(su.source[i], su.source[cardinality(su.source)]) FROM generate_subscripts(u.target, 1) AS i ORDER BY i),
            ${state === undefined ? '' : `state = ${state}, `}pending = true, last_updated = now()
       FROM translations t, units old, units su
      WHERE t.component_id = $1 AND NOT t.is_source AND u.translation_id = t.id AND old.id = u.id AND su.id = u.source_unit_id
        AND ${condition}
      RETURNING u.id, u.translation_id, u.target, old.target AS old`,
    [componentId],
  );
}

/** Weblate's pseudolocale: a translation made of another one's strings, each form padded to show untranslated text. */
export interface Pseudolocale {
  sourceTranslationId: number;
  targetTranslationId: number;
  prefix: string;
  suffix: string;
  /** Repeated `varMultiplier` times the form's length (rounded down) after the prefix, and before the suffix. */
  varPrefix: string;
  varSuffix: string;
  varMultiplier: number;
  /** Every string up to translated (the daily run), or only those not yet translated (on a component update). */
  all: boolean;
  /** With `all`: read-only strings too. */
  includeReadOnly: boolean;
}

/**
 * Writes the target translation's strings from the source translation's translated ones, as translated (read-only
 * ones stay read-only), where that changes them. Each target plural form takes the source form of its index, or
 * the last non-empty one before it. Weblate turns the checks of a pseudolocale off (ignore-all-checks on the
 * translation): its strings carry no failing checks. Throws when either translation left the component.
 */
export async function generatePseudolocale(manager: EntityManager, componentId: number, pseudo: Pseudolocale): Promise<AutomatedEdit[]> {
  const [{ count }]: { count: number }[] = await manager.query(
    'SELECT count(*)::int AS count FROM translations WHERE id = ANY($1::int[]) AND component_id = $2',
    [[pseudo.sourceTranslationId, pseudo.targetTranslationId], componentId],
  );
  if (count !== 2) throw new Error('its source or target translation is no longer in the component.');
  const readOnly = pseudo.includeReadOnly ? ` OR u.state = ${UnitState.ReadOnly}` : '';
  const states = pseudo.all ? `(u.state <= ${UnitState.Translated}${readOnly})` : `u.state < ${UnitState.Translated}`;
  const padding = (param: string) => `repeat(${param}, trunc($7::float8 * char_length(f.text))::int)`;
  return editRows(
    manager,
    `WITH generated AS (
       SELECT u.id, ARRAY(
                SELECT $3 || ${padding('$4')} || f.text || ${padding('$6')} || $5
                  FROM generate_subscripts(u.target, 1) AS i,
                       LATERAL (SELECT coalesce((SELECT e.text FROM unnest(s.target[1:i]) WITH ORDINALITY AS e(text, n)
                                                  WHERE e.text <> '' ORDER BY e.n DESC LIMIT 1), '') AS text) f
                 ORDER BY i) AS target
         FROM units u JOIN units s ON s.translation_id = $2 AND coalesce(s.source_unit_id, s.id) = coalesce(u.source_unit_id, u.id)
        WHERE u.translation_id = $1 AND s.state >= ${UnitState.Translated} AND ${states})
     UPDATE units u SET target = g.target, state = CASE WHEN u.state = ${UnitState.ReadOnly} THEN u.state ELSE ${UnitState.Translated} END,
            failing_checks = '{}', pending = true, last_updated = now()
       FROM generated g, units old
      WHERE u.id = g.id AND old.id = u.id AND (u.target IS DISTINCT FROM g.target OR u.state < ${UnitState.Translated})
      RETURNING u.id, u.translation_id, u.target, old.target AS old`,
    [pseudo.targetTranslationId, pseudo.sourceTranslationId, pseudo.prefix, pseudo.varPrefix, pseudo.suffix, pseudo.varSuffix, pseudo.varMultiplier],
  );
}

/** A removed comment or suggestion, for its change record. */
export interface RemovedNote {
  unitId: number;
  translationId: number;
  text: string;
}

/** Deletes the comments of the project's strings older than `days` days (Weblate's stale comment removal). */
export async function deleteCommentsOlderThan(manager: EntityManager, projectId: number, days: number): Promise<RemovedNote[]> {
  return removeNotes(
    manager,
    `DELETE FROM comments n USING units u, translations t, components c
      WHERE n.unit_id = u.id AND t.id = u.translation_id AND c.id = t.component_id AND c.project_id = $1
        AND n.timestamp < now() - make_interval(days => $2)
      RETURNING n.unit_id, u.translation_id, n.comment AS text`,
    'comments',
    'has_comment',
    [projectId, days],
  );
}

/** Deletes the suggestions of the project's strings older than `days` days (no votes are kept, so none passes the threshold). */
export async function deleteSuggestionsOlderThan(manager: EntityManager, projectId: number, days: number): Promise<RemovedNote[]> {
  return removeNotes(
    manager,
    `DELETE FROM suggestions n USING units u, translations t, components c
      WHERE n.unit_id = u.id AND t.id = u.translation_id AND c.id = t.component_id AND c.project_id = $1
        AND n.timestamp < now() - make_interval(days => $2)
      RETURNING n.unit_id, u.translation_id, array_to_string(n.target, E'\\n') AS text`,
    'suggestions',
    'has_suggestion',
    [projectId, days],
  );
}

async function editRows(manager: EntityManager, sql: string, params: unknown[]): Promise<AutomatedEdit[]> {
  const [rows]: [{ id: number; translation_id: number; target: string[]; old: string[] }[], number] = await manager.query(sql, params);
  return rows.map((row) => ({ unitId: row.id, translationId: row.translation_id, target: row.target, old: row.old }));
}

/** Runs the DELETE, then clears the units' flag where none is left. */
async function removeNotes(manager: EntityManager, sql: string, table: string, flag: string, params: unknown[]): Promise<RemovedNote[]> {
  const [rows]: [{ unit_id: number; translation_id: number; text: string }[], number] = await manager.query(sql, params);
  const unitIds = [...new Set(rows.map((row) => row.unit_id))];
  if (unitIds.length) {
    await manager.query(`UPDATE units u SET ${flag} = false WHERE u.id = ANY($1::int[]) AND NOT EXISTS (SELECT 1 FROM ${table} n WHERE n.unit_id = u.id)`, [unitIds]);
  }
  return rows.map((row) => ({ unitId: row.unit_id, translationId: row.translation_id, text: row.text }));
}
