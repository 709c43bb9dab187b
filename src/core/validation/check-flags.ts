import { ValidationOptions } from 'class-validator';
import { stringRule } from './string-rule';
import { regexFlagProblem } from '../../checks';

/** Check flags whose `r"…"` parameters compile on RE2, the engine they run on (empty is fine). */
export function IsCheckFlags(options?: ValidationOptions): PropertyDecorator {
  return stringRule('checkFlags', regexFlagProblem, options);
}
