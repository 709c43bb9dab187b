import { ValidationError } from '../core/errors/domain-error';
import { UnitState } from '../formats';

/** The target and state a write asks for, validated by Weblate's rules (UnitWriteSerializer). */
export interface TargetChange {
  target: string[];
  state: number;
}

export const WRITABLE_STATES: readonly number[] = [UnitState.Empty, UnitState.Fuzzy, UnitState.Translated, UnitState.Approved];

/**
 * `target` and `state` go together; an empty target means untranslated and nothing else; the number of forms
 * is the source's (one) or the language's plural count. Their types are the DTO's to check.
 */
export function validateTargetChange(fields: { target?: string[]; state?: number }, expectedForms: number): TargetChange | null {
  const { target, state } = fields;
  if (target === undefined && state === undefined) return null;
  if (target === undefined || state === undefined) throw ValidationError.field('state', 'Invalid state');
  if (target.length !== expectedForms) {
    throw ValidationError.field('target', `Number of plurals does not match the number of plural forms in the language (${expectedForms}).`);
  }
  const empty = target.every((form) => form === '');
  if (state === UnitState.Empty && !empty) throw ValidationError.field('state', 'Untranslated state can not be used with a translation.');
  if (state !== UnitState.Empty && empty) throw ValidationError.field('state', 'Only untranslated state can be used with an empty translation.');
  return { target, state };
}

/** Whether two targets have the same forms, in the same order. */
export function sameForms(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((form, index) => form === b[index]);
}
