import { IsIn, IsString, MaxLength } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { MESSAGES, Optional, whenString } from '../../core/validation/field-rules';
import { UnitState } from '../../formats';
import { UNIT_FORM_MAX_CHARS } from '../unit-limits';
import { AsStringList, FormsWithinLimit, IsStringList } from './string-list';

/** The states a new string may be given (Weblate's choices): not empty, not read-only. */
const NEW_UNIT_STATES: readonly number[] = [UnitState.Fuzzy, UnitState.Translated, UnitState.Approved];

/**
 * POST /api/translations/<project>/<component>/<language>/units/: `key` and `value` for monolingual components,
 * `context`, `source` and `target` for bilingual ones. Which of them are required depends on the component, so
 * the service checks that; this checks what each field may hold.
 */
export class CreateUnitDto {
  @Optional() @IsString({ message: MESSAGES.string }) @MaxLength(UNIT_FORM_MAX_CHARS, { ...whenString, message: MESSAGES.maxLength(UNIT_FORM_MAX_CHARS) })
  key?: string;

  @Optional() @AsStringList() @IsStringList() @FormsWithinLimit()
  value?: string[];

  @Optional() @IsString({ message: MESSAGES.string }) @MaxLength(UNIT_FORM_MAX_CHARS, { ...whenString, message: MESSAGES.maxLength(UNIT_FORM_MAX_CHARS) })
  context?: string;

  @Optional() @AsStringList() @IsStringList() @FormsWithinLimit()
  source?: string[];

  @Optional() @AsStringList() @IsStringList() @FormsWithinLimit()
  target?: string[];

  @Optional() @ToInteger() @IsIn(NEW_UNIT_STATES, { message: MESSAGES.choice })
  state?: number;
}
