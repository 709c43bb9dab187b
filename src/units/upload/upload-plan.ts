import { TranslationUnit, UnitState } from '../../formats';
import { Conflicts, FuzzyHandling } from './upload-options';
import type { MatchedUnit } from './upload-matching';

/** A stored string as the upload sees it. */
export interface StoredUnit {
  id: number;
  idHash: string;
  context: string;
  source: string[];
  state: number;
  target: string[];
}

interface PlannedWrite {
  unitId: number;
  target: string[];
  state: number;
}

export interface UploadPlan {
  writes: PlannedWrite[];
  /** Strings of the file with no unit to go to (candidates for method `add`). */
  missing: TranslationUnit[];
  counts: { total: number; accepted: number; skipped: number; notFound: number };
}

export interface PlanRules {
  /** The state written strings get: translated, approved (method approve) or needs editing (method fuzzy). */
  targetState: number;
  conflicts: Conflicts;
  fuzzy: FuzzyHandling;
}

/**
 * Decides what an upload does to each string, as Weblate's `merge_translations`: strings without a
 * translation, read-only strings and (unless `conflicts` says otherwise) already translated ones are skipped;
 * fuzzy strings of the file are skipped, kept as needing editing or approved per `fuzzy`. A string the file has twice
 * is written once: `written` holds the units written so far, by the earlier parts of a file planned in parts.
 */
export function planUpload(file: readonly MatchedUnit[], rules: PlanRules, written = new Set<number>()): UploadPlan {
  const plan: UploadPlan = { writes: [], missing: [], counts: { total: 0, accepted: 0, skipped: 0, notFound: 0 } };
  for (const { unit, stored: target } of file) {
    plan.counts.total += 1;
    if (!target) {
      plan.counts.notFound += 1;
      plan.missing.push(unit);
      continue;
    }
    const state = stateFor(unit, rules);
    if (state === null || written.has(target.id) || !mayOverwrite(target, rules.conflicts) || sameContent(target, unit.target, state)) {
      plan.counts.skipped += 1;
      continue;
    }
    written.add(target.id);
    plan.writes.push({ unitId: target.id, target: unit.target, state });
    plan.counts.accepted += 1;
  }
  return plan;
}

function stateFor(unit: TranslationUnit, rules: PlanRules): number | null {
  if (unit.target.every((form) => form === '')) return null;
  if (unit.state === UnitState.Fuzzy) {
    if (rules.fuzzy === 'process') return UnitState.Fuzzy;
    if (rules.fuzzy === 'approve') return UnitState.Approved;
    return null;
  }
  if (unit.state === UnitState.Empty) return null;
  return rules.targetState;
}

function mayOverwrite(stored: StoredUnit, conflicts: Conflicts): boolean {
  if (stored.state === UnitState.ReadOnly) return false;
  if (stored.state < UnitState.Translated) return true;
  if (conflicts === 'replace-approved') return true;
  return conflicts === 'replace-translated' && stored.state !== UnitState.Approved;
}

function sameContent(stored: StoredUnit, target: readonly string[], state: number): boolean {
  return stored.state === state && stored.target.length === target.length && stored.target.every((form, index) => form === target[index]);
}
