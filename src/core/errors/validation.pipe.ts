import { ValidationPipe, ValidationError as ClassValidatorError } from '@nestjs/common';
import { FieldError, ValidationError } from './domain-error';

/** Constraint names of class-validator mapped to the error codes Weblate's clients know. */
const CODES: Record<string, string> = {
  isDefined: 'required',
  notNull: 'null',
  isNotEmpty: 'blank',
  whitelistValidation: 'invalid',
  isEnum: 'invalid_choice',
  isIn: 'invalid_choice',
  maxLength: 'max_length',
  min: 'min_value',
  max: 'max_value',
  isInt: 'invalid',
  isBoolean: 'invalid',
  isString: 'invalid',
};

/** The global pipe: whitelists and transforms bodies, and reports each field problem with its path. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: false,
    exceptionFactory: (errors) => new ValidationError(flatten(errors)),
  });
}

function flatten(errors: ClassValidatorError[], prefix = ''): FieldError[] {
  return errors.flatMap((error) => {
    const attr = prefix + error.property;
    // A missing or null field fails every other constraint too; like Weblate, report only that.
    const { isDefined, notNull } = error.constraints ?? {};
    const constraints = isDefined ? { isDefined } : notNull ? { notNull } : (error.constraints ?? {});
    const own: FieldError[] = Object.entries(constraints).map(([name, detail]) => ({ code: CODES[name] ?? 'invalid', detail, attr }));
    return own.concat(flatten(error.children ?? [], `${attr}.`));
  });
}
