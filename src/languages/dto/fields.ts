import { applyDecorators } from '@nestjs/common';
import { Matches } from 'class-validator';
import { TextField, whenString } from '../../core/validation/field-rules';

/** A language code as Weblate accepts it: letters, digits and `_@.+-`. */
export const LanguageCodeField = () =>
  applyDecorators(TextField(50), Matches(/^[A-Za-z0-9_@.+-]*$/, { ...whenString, message: 'Enter a valid language code: letters, digits and _@.+- only.' }));
