import { Check } from './check';
import { formatStringChecks } from './format-strings';
import { maxLengthCheck } from './length';
import { placeholdersCheck } from './placeholders';
import { pluralsCheck } from './plurals';
import { punctuationChecks } from './punctuation';
import { sameCheck } from './same';
import { whitespaceChecks } from './whitespace';

/** Every check, in the order their ids are reported. */
export const CHECKS: readonly Check[] = [
  sameCheck,
  ...whitespaceChecks,
  ...punctuationChecks,
  pluralsCheck,
  ...formatStringChecks,
  maxLengthCheck,
  placeholdersCheck,
];
