import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';

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
