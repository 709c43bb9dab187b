import { ValidationError } from '../core/errors/domain-error';
import { UnitState } from '../formats';
import { MESSAGES } from '../core/validation/field-rules';

/** The target and state a write asks for, validated by Weblate's rules (UnitWriteSerializer). */
export interface TargetChange {
  target: string[];
  state: number;
}

const WRITABLE_STATES: readonly number[] = [UnitState.Empty, UnitState.Fuzzy, UnitState.Translated, UnitState.Approved];

/**
 * `target` and `state` go together; an empty target means untranslated and nothing else; the number of forms
 * is the source's (one) or the language's plural count.
 */
export function validateTargetChange(body: Record<string, unknown>, expectedForms: number): TargetChange | null {
  const hasTarget = body.target !== undefined;
  const hasState = body.state !== undefined;
  if (!hasTarget && !hasState) return null;
  if (!hasTarget || !hasState) throw ValidationError.field('state', 'Invalid state');
  const target = typeof body.target === 'string' ? [body.target] : body.target;
  if (!Array.isArray(target) || !target.every((form) => typeof form === 'string')) {
    throw ValidationError.field('target', 'Expected a list of strings.');
  }
  const state = typeof body.state === 'string' && /^\d+$/.test(body.state) ? Number(body.state) : body.state;
  if (typeof state !== 'number' || !WRITABLE_STATES.includes(state)) {
    throw ValidationError.field('state', MESSAGES.choice({ value: body.state }), 'invalid_choice');
  }
  if (target.length !== expectedForms) {
    throw ValidationError.field('target', `Number of plurals does not match the number of plural forms in the language (${expectedForms}).`);
  }
  const empty = target.every((form) => form === '');
  if (state === UnitState.Empty && !empty) throw ValidationError.field('state', 'Untranslated state can not be used with a translation.');
  if (state !== UnitState.Empty && empty) throw ValidationError.field('state', 'Only untranslated state can be used with an empty translation.');
  return { target, state };
}

export function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw ValidationError.field(field, MESSAGES.string);
  return value;
}

export function optionalIds(body: Record<string, unknown>, field: string): number[] | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  const list = Array.isArray(value) ? value : [value];
  const ids = list.map((item) => (typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item)).map(Number);
  if (!ids.every((id) => Number.isInteger(id) && id > 0)) throw ValidationError.field(field, 'Expected a list of label ids.');
  return ids;
}
