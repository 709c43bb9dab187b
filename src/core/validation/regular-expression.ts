import { ValidationOptions } from 'class-validator';
import { stringRule } from './string-rule';
import RE2 from 're2';

/**
 * Why a stored pattern (a component's language_regex, …) cannot be used, or null. Such patterns run on the
 * linear-time RE2 engine, so one without lookaround or back-references; refusing it here means it never
 * fails later, where nobody would see why.
 */
export function regularExpressionProblem(pattern: string): string | null {
  try {
    new RE2(pattern, 'u');
    return null;
  } catch (error) {
    return `Invalid regular expression: ${(error as Error).message}.`;
  }
}

/** A pattern RE2 compiles (empty is fine: the field is then unset). */
export function IsRegularExpression(options?: ValidationOptions): PropertyDecorator {
  return stringRule('regularExpression', regularExpressionProblem, options);
}
