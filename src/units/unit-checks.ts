import { runChecks } from '../checks';
import { UnitState } from '../formats';

export interface CheckScope {
  /** check_flags of the project and component, and the source unit's extra_flags, comma-joined. */
  flags: string;
  pluralCount: number;
  languageCode: string;
  isSource: boolean;
}

/** Failing checks of a string as stored on its unit; source strings and untranslated ones are not checked. */
export function failingChecksFor(unit: { source: readonly string[]; target: readonly string[]; state: number; flags: string }, scope: CheckScope): string[] {
  if (scope.isSource || unit.state === UnitState.Empty || unit.state === UnitState.ReadOnly) return [];
  const flags = [unit.flags, scope.flags].filter(Boolean).join(', ');
  return runChecks({ source: unit.source, target: unit.target, flags, pluralCount: scope.pluralCount, languageCode: scope.languageCode });
}

export function joinFlags(...flags: readonly string[]): string {
  return flags.map((flag) => flag.trim()).filter(Boolean).join(', ');
}

/** A translated string failing one of its component's enforced checks is stored as needing editing (Weblate's enforced checks). */
export function enforcedState(state: number, failingChecks: readonly string[], enforced: readonly string[]): number {
  return state === UnitState.Translated && failingChecks.some((check) => enforced.includes(check)) ? UnitState.Fuzzy : state;
}
