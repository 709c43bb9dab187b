import { EntityManager } from 'typeorm';
import { editFlags } from '../checks';
import { UnitState } from '../formats';
import { compileQuery } from './search';
import { AutomatedEdit } from './unit-automation.repository';

/** What a bulk edit does to the strings its search finds (Weblate's bulk_perform): each part optional. */
export interface BulkEdit {
  /** A unit search (`q`), over the component's strings. */
  query: string;
  /** The state to set, or null to leave states as they are. */
  state: number | null;
  addFlags: string;
  removeFlags: string;
  /** Label names of the component's project. */
  addLabels: readonly string[];
  removeLabels: readonly string[];
}

/** A source string's extra flags or labels a bulk edit changed, for its change record. */
export interface SourceEdit {
  unitId: number;
  translationId: number;
  target: string;
  old: string;
}

export interface BulkEditResult {
  states: AutomatedEdit[];
  flags: SourceEdit[];
  labelsAdded: SourceEdit[];
  labelsRemoved: SourceEdit[];
}

/*
 * Set-based, in the caller's transaction. States are the strings' own; extra flags and labels belong to the string,
 * so they are edited on the source units of what the search found (as the unit API writes them).
 */

export async function bulkEdit(manager: EntityManager, componentId: number, edit: BulkEdit): Promise<BulkEditResult> {
  const matching = await matchingUnits(manager, componentId, edit.query);
  const sourceIds = [...new Set(matching.map((unit) => unit.sourceUnitId ?? unit.id))];
  const ids = matching.map((unit) => unit.id);
  return {
    states: edit.state === null ? [] : await setStates(manager, ids, edit.state),
    flags: edit.addFlags || edit.removeFlags ? await editExtraFlags(manager, sourceIds, edit.addFlags, edit.removeFlags) : [],
    labelsAdded: edit.addLabels.length ? await addLabels(manager, componentId, sourceIds, edit.addLabels) : [],
    labelsRemoved: edit.removeLabels.length ? await removeLabels(manager, componentId, sourceIds, edit.removeLabels) : [],
  };
}

/** The component's units the search finds; the search compiles against the unit listing's aliases (u, t, c, p, l). */
async function matchingUnits(manager: EntityManager, componentId: number, query: string): Promise<{ id: number; sourceUnitId: number | null }[]> {
  const search = compileQuery(query, 2);
  const rows: { id: number; source_unit_id: number | null }[] = await manager.query(
    `SELECT u.id, u.source_unit_id FROM units u
       JOIN translations t ON t.id = u.translation_id JOIN components c ON c.id = t.component_id
       JOIN projects p ON p.id = c.project_id JOIN languages l ON l.id = t.language_id
      WHERE c.id = $1 AND (${search.sql}) ORDER BY u.id`,
    [componentId, ...search.params],
  );
  return rows.map((row) => ({ id: row.id, sourceUnitId: row.source_unit_id }));
}

/** Strings that have a translation to change: never the empty or read-only ones, nor those already in the state. */
async function setStates(manager: EntityManager, ids: number[], state: number): Promise<AutomatedEdit[]> {
  const [rows]: [{ id: number; translation_id: number; target: string[] }[], number] = await manager.query(
    `UPDATE units u SET state = $2, pending = true, last_updated = now()
      WHERE u.id = ANY($1::int[]) AND u.state <> $2 AND u.state > ${UnitState.Empty} AND u.state < ${UnitState.ReadOnly}
      RETURNING u.id, u.translation_id, u.target`,
    [ids, state],
  );
  return rows.map((row) => ({ unitId: row.id, translationId: row.translation_id, target: row.target, old: row.target }));
}

async function editExtraFlags(manager: EntityManager, sourceIds: number[], add: string, remove: string): Promise<SourceEdit[]> {
  const rows: { id: number; translation_id: number; extra_flags: string }[] = await manager.query(
    'SELECT id, translation_id, extra_flags FROM units WHERE id = ANY($1::int[]) ORDER BY id',
    [sourceIds],
  );
  const edits = rows
    .map((row) => ({ unitId: row.id, translationId: row.translation_id, old: row.extra_flags, target: editFlags(row.extra_flags, add, remove) }))
    .filter((edit) => edit.target !== edit.old);
  if (edits.length) {
    await manager.query(
      'UPDATE units u SET extra_flags = e.flags FROM unnest($1::int[], $2::text[]) AS e(id, flags) WHERE u.id = e.id',
      [edits.map((edit) => edit.unitId), edits.map((edit) => edit.target)],
    );
  }
  return edits;
}

/** Labels of the component's project by name; names it does not have are passed over. */
async function addLabels(manager: EntityManager, componentId: number, sourceIds: number[], names: readonly string[]): Promise<SourceEdit[]> {
  return labelEdits(
    manager,
    `WITH added AS (
       INSERT INTO unit_labels (unit_id, label_id)
       SELECT s.id, lb.id FROM unnest($1::int[]) AS s(id), labels lb, components c
        WHERE c.id = $2 AND lb.project_id = c.project_id AND lb.name = ANY($3::text[])
       ON CONFLICT DO NOTHING RETURNING unit_id, label_id)
     SELECT a.unit_id, u.translation_id, lb.name FROM added a JOIN units u ON u.id = a.unit_id JOIN labels lb ON lb.id = a.label_id
     ORDER BY a.unit_id, lb.name`,
    [sourceIds, componentId, [...names]],
  );
}

async function removeLabels(manager: EntityManager, componentId: number, sourceIds: number[], names: readonly string[]): Promise<SourceEdit[]> {
  return labelEdits(
    manager,
    `WITH removed AS (
       DELETE FROM unit_labels ul USING labels lb, components c
        WHERE ul.unit_id = ANY($1::int[]) AND lb.id = ul.label_id AND c.id = $2 AND lb.project_id = c.project_id AND lb.name = ANY($3::text[])
       RETURNING ul.unit_id, lb.name)
     SELECT r.unit_id, u.translation_id, r.name FROM removed r JOIN units u ON u.id = r.unit_id ORDER BY r.unit_id, r.name`,
    [sourceIds, componentId, [...names]],
  );
}

async function labelEdits(manager: EntityManager, sql: string, params: unknown[]): Promise<SourceEdit[]> {
  const rows: { unit_id: number; translation_id: number; name: string }[] = await manager.query(sql, params);
  return rows.map((row) => ({ unitId: row.unit_id, translationId: row.translation_id, target: row.name, old: '' }));
}
