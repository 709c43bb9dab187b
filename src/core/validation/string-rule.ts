import { ValidateBy, ValidationOptions } from 'class-validator';

/**
 * A class-validator decorator from a rule that says why a string is refused (null when it is fine); the reason is
 * the error message. Non-strings are left to the field's type check.
 */
export function stringRule(name: string, problem: (value: string) => string | null, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name,
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || problem(value) === null,
        defaultMessage: (args) => problem(String(args?.value)) ?? 'Invalid value.',
      },
    },
    options,
  );
}
