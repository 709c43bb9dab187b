import { Transform } from 'class-transformer';
import type { ValidationOptions } from 'class-validator';

/*
 * Field rules shared by the request DTOs. The conditions make each problem show up once: a missing field gets
 * only "required" (from IsDefined), not one more error for every rule an absent value also breaks.
 */

/** Checks a field only when it was sent: absent means "leave as is", while null is checked (and refused). */
export const whenSent: ValidationOptions = { validateIf: (_object, value) => value !== undefined };

/** Checks a field only when it holds a value; null and absence are IsDefined's to report. */
export const whenPresent: ValidationOptions = { validateIf: (_object, value) => value !== undefined && value !== null };

/** For string rules (blank, length) that say nothing useful about a value that is not a string at all. */
export const whenString: ValidationOptions = { validateIf: (_object, value) => typeof value === 'string' };

/** For rules on list items, which only make sense once the value is a list. */
export const whenList: ValidationOptions = { validateIf: (_object, value) => Array.isArray(value) };

/** Strips surrounding whitespace from text, as DRF's CharField does, so "  " counts as blank. */
export const Trimmed = (): PropertyDecorator => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
