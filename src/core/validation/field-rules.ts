import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsNotEmpty, IsString, Max, MaxLength, Min, ValidateBy, ValidateIf, ValidationOptions } from 'class-validator';

/*
 * The field rules every request DTO uses. Each rule after the type check runs only when the value has the type it
 * is about (`validateIf`), so a field reports one problem, as Weblate's serializers do, instead of every constraint
 * it happens to break. Absent means "leave as is"; an explicit null is refused unless a DTO says it may be null.
 * Messages are Django REST framework's, which clients show to people verbatim.
 */

export const MESSAGES = {
  required: 'This field is required.',
  null: 'This field may not be null.',
  string: 'Not a valid string.',
  boolean: 'Must be a valid boolean.',
  integer: 'A valid integer is required.',
  blank: 'This field may not be blank.',
  maxLength: (limit: number) => `Ensure this field has no more than ${limit} characters.`,
  maxItems: (limit: number) => `Ensure this field has no more than ${limit} elements.`,
  min: (limit: number) => `Ensure this value is greater than or equal to ${limit}.`,
  max: (limit: number) => `Ensure this value is less than or equal to ${limit}.`,
  choice: ({ value }: { value: unknown }) => `"${String(value)}" is not a valid choice.`,
};

/** Largest value of a PostgreSQL integer column: a larger id names nothing. */
export const MAX_ID = 2147483647;

/** Checks a field only when it was sent: absent means "leave as is", while null is checked (and refused). */
export const whenSent: ValidationOptions = { validateIf: (_object, value) => value !== undefined };

/** Checks a field only when it holds a value; null and absence are IsDefined's to report. */
export const whenPresent: ValidationOptions = { validateIf: (_object, value) => value !== undefined && value !== null };

/** For string rules (blank, length) that say nothing useful about a value that is not a string at all. */
export const whenString: ValidationOptions = { validateIf: (_object, value) => typeof value === 'string' };

/** For rules on list items, which only make sense once the value is a list. */
export const whenList: ValidationOptions = { validateIf: (_object, value) => Array.isArray(value) };

/** Runs a rule meant for one type only on values of that type, so a wrong type is reported once, by its own rule. */
export function whenType(type: 'string' | 'number', message: ValidationOptions['message']): ValidationOptions {
  return { message, validateIf: (_object: object, value: unknown) => typeof value === type };
}

export const Required = () => IsDefined({ message: MESSAGES.required });

/** A field that may be left out but not sent as null (a null would otherwise reach a NOT NULL column); DRF's code `null`. */
export const Optional = () =>
  applyDecorators(
    ValidateIf((_object: object, value: unknown) => value !== undefined),
    ValidateBy({ name: 'notNull', validator: { validate: (value: unknown) => value !== null, defaultMessage: () => MESSAGES.null } }),
  );

/** Strips surrounding whitespace from text, as DRF's CharField does, so "  " counts as blank. */
export const Trimmed = (): PropertyDecorator => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));

/** Non-blank text of at most `maxLength` characters, trimmed. */
export const TextField = (maxLength: number) =>
  applyDecorators(
    Trimmed(),
    IsString({ ...whenPresent, message: MESSAGES.string }),
    IsNotEmpty({ ...whenString, message: MESSAGES.blank }),
    MaxLength(maxLength, { ...whenString, message: MESSAGES.maxLength(maxLength) }),
  );

/** Form bodies carry numbers as text; JSON may too (Weblate accepts "12"). Anything else is left to IsInt to refuse. */
export const IntegerField = (min: number, max: number) => {
  const isInteger: ValidationOptions = { validateIf: (_object, value) => Number.isInteger(value) };
  return applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value)),
    IsInt({ ...whenPresent, message: MESSAGES.integer }),
    Min(min, { ...isInteger, message: MESSAGES.min(min) }),
    Max(max, { ...isInteger, message: MESSAGES.max(max) }),
  );
};

export const ChoiceField = (choices: readonly string[]) => IsIn([...choices], { ...whenPresent, message: MESSAGES.choice });
