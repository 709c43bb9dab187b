import { Transform } from 'class-transformer';
import { IsIn, IsString, MaxLength, ValidateBy } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { MESSAGES, Optional, whenString } from '../../core/validation/field-rules';
import { WRITABLE_STATES } from '../unit-edit';
import { UNIT_FORM_MAX_CHARS } from '../unit-limits';
import { AsStringList, FormsWithinLimit, IsStringList } from './string-list';

/** A list of label ids; Weblate's clients send ids or label objects, one or a list. */
const AsLabelIds = () =>
  Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === null) return value;
    const list = Array.isArray(value) ? value : [value];
    return list.map((item) => (typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item)).map(Number);
  });

const IsLabelIds = () =>
  ValidateBy({
    name: 'labelIds',
    validator: {
      validate: (value: unknown) => Array.isArray(value) && value.every((id) => Number.isInteger(id) && id > 0),
      defaultMessage: () => 'Expected a list of label ids.',
    },
  });

/**
 * PATCH and PUT /api/units/<id>/ (Weblate's UnitWriteSerializer): a new target with its state, and on source
 * units the explanation, extra flags and labels. What depends on the unit (plural count, whether target and
 * state fit together, who may approve) is the service's to check.
 */
export class UnitWriteDto {
  @Optional() @AsStringList() @IsStringList() @FormsWithinLimit()
  target?: string[];

  @Optional() @ToInteger() @IsIn(WRITABLE_STATES, { message: MESSAGES.choice })
  state?: number;

  @Optional() @IsString({ message: MESSAGES.string }) @MaxLength(UNIT_FORM_MAX_CHARS, { ...whenString, message: MESSAGES.maxLength(UNIT_FORM_MAX_CHARS) })
  explanation?: string;

  @Optional() @IsString({ message: MESSAGES.string })
  extra_flags?: string;

  @Optional() @AsLabelIds() @IsLabelIds()
  labels?: number[];
}
