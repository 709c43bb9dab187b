import { ValidationOptions } from 'class-validator';
import { stringRule } from './string-rule';

/** C0 and C1 controls (NUL included) and the Unicode line and paragraph separators. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * For names shown on one line (projects, components, groups, …): a control character or a line separator in a
 * name breaks lists, feeds, commit messages and log lines that print it, so it is refused. Non-strings are left
 * to the field's type check.
 */
export function NoControlCharacters(options?: ValidationOptions): PropertyDecorator {
  return stringRule('noControlCharacters', (value) => (CONTROL_CHARACTERS.test(value) ? 'Control characters are not allowed.' : null), options);
}
