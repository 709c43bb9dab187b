import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { UNIT_FORM_MAX_CHARS } from '../unit-limits';

/** One string stands for a list of one form, as Weblate reads a plain `target=...` form field. */
export const AsStringList = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? [value] : value));

/** Plural forms: a list of strings. */
export const IsStringList = () =>
  ValidateBy({
    name: 'stringList',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every((form) => typeof form === 'string'),
      defaultMessage: () => 'Expected a list of strings.',
    },
  });

/** Each plural form within UNIT_FORM_MAX_CHARS (only checked on a list of strings; IsStringList reports the rest). */
export const FormsWithinLimit = () =>
  ValidateBy({
    name: 'maxLength',
    validator: {
      validate: (value: unknown) => !Array.isArray(value) || value.every((form) => typeof form !== 'string' || form.length <= UNIT_FORM_MAX_CHARS),
      defaultMessage: () => `Ensure each form has no more than ${UNIT_FORM_MAX_CHARS} characters.`,
    },
  });
