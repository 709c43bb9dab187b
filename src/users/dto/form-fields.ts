import { IsDefined, ValidateIf, ValidationOptions } from 'class-validator';

/*
 * Validation helpers shared by the users DTOs. Values from form bodies are converted by ToBoolean/ToInteger
 * (core/http/form-values); the messages are Django REST framework's, since clients show them to people.
 */

/**
 * An optional field that may be left out but not sent as null: unlike @IsOptional, a null reaches the
 * validators and is refused, instead of reaching a NOT NULL column.
 */
export const Optional = () => ValidateIf((_object: object, value: unknown) => value !== undefined);

export const Required = () => IsDefined({ message: 'This field is required.' });

/** Runs a rule meant for one type only on values of that type, so a wrong type is reported once, by its own rule. */
export function whenType(type: 'string' | 'number', message: ValidationOptions['message']): ValidationOptions {
  return { message, validateIf: (_object: object, value: unknown) => typeof value === type };
}

export const MESSAGES = {
  string: 'Not a valid string.',
  boolean: 'Must be a valid boolean.',
  integer: 'A valid integer is required.',
  blank: 'This field may not be blank.',
  maxLength: (limit: number) => `Ensure this field has no more than ${limit} characters.`,
  choice: ({ value }: { value: unknown }) => `"${String(value)}" is not a valid choice.`,
};

/** Largest value of a PostgreSQL integer column: a larger id names nothing. */
export const MAX_ID = 2147483647;
