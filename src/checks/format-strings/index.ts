import { Check } from '../check';
import { icuMessageFormatCheck } from './icu';
import { printfChecks } from './printf';
import { pythonBraceCheck } from './python-brace';

export const formatStringChecks: readonly Check[] = [...printfChecks, pythonBraceCheck, icuMessageFormatCheck];
