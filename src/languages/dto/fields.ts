import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsNotEmpty, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';

/*
 * Field decorators shared by the language DTOs. Each check after the type check runs only when the type is
 * right (`validateIf`), so a field reports one problem, the way Weblate's serializers do, instead of every
 * constraint it happens to break. Messages are Django REST framework's, which clients may show verbatim.
 */

const given = (_object: object, value: unknown) => value !== undefined && value !== null;
const isText = (_object: object, value: unknown) => typeof value === 'string';
const isInteger = (_object: object, value: unknown) => Number.isInteger(value);

export const Required = () => IsDefined({ message: 'This field is required.' });

/** Checks the field only when the request carries it; an explicit null is still refused. */
export const Optional = () =>
  applyDecorators(ValidateIf((_object: object, value: unknown) => value !== undefined), IsDefined({ message: 'This field may not be null.' }));

/** Surrounding whitespace is dropped, as Django REST framework's CharField does, so "  " counts as blank. */
export const TextField = (maxLength: number) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value)),
    IsString({ message: 'Not a valid string.', validateIf: given }),
    IsNotEmpty({ message: 'This field may not be blank.', validateIf: isText }),
    MaxLength(maxLength, { message: `Ensure this field has no more than ${maxLength} characters.`, validateIf: isText }),
  );

export const LanguageCodeField = () =>
  applyDecorators(
    TextField(50),
    Matches(/^[A-Za-z0-9_@.+-]*$/, { message: 'Enter a valid language code: letters, digits and _@.+- only.', validateIf: isText }),
  );

/** Form bodies carry numbers as text; JSON may too (Weblate accepts "12"). Anything else is left to IsInt to refuse. */
export const IntegerField = (min: number, max: number) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value)),
    IsInt({ message: 'A valid integer is required.', validateIf: given }),
    Min(min, { message: `Ensure this value is greater than or equal to ${min}.`, validateIf: isInteger }),
    Max(max, { message: `Ensure this value is less than or equal to ${max}.`, validateIf: isInteger }),
  );

export const ChoiceField = (choices: readonly string[]) =>
  IsIn([...choices], { message: ({ value }) => `"${String(value)}" is not a valid choice.`, validateIf: given });
