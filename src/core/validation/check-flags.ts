import { ValidateBy, ValidationOptions } from 'class-validator';
import { regexFlagProblem } from '../../checks';

/** Check flags whose `r"…"` parameters compile on RE2, the engine they run on (empty is fine). */
export function IsCheckFlags(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'checkFlags',
      validator: {
        validate: (value: unknown) => typeof value !== 'string' || regexFlagProblem(value) === null,
        defaultMessage: (args) => regexFlagProblem(String(args?.value)) ?? 'Invalid flags.',
      },
    },
    options,
  );
}
