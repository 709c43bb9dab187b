import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength, ValidationArguments } from 'class-validator';
import { LanguageSelection, ProjectSelection } from '../../auth/permissions.data';
import { ToInteger } from '../../core/http/form-values';
import { Trimmed, whenPresent, whenSent, whenString } from '../../core/validation/field-rules';
import { NoControlCharacters } from '../../core/validation/no-control-characters';

const codes = (selection: object) => Object.values(selection).filter((value) => typeof value === 'number');

// A function rather than a "$value" template, which class-validator leaves unfilled for null.
const notAChoice = ({ value }: ValidationArguments) => `"${String(value)}" is not a valid choice.`;

/** PATCH /api/groups/<id>/: any subset of the fields. */
export class UpdateGroupDto {
  @Trimmed()
  @IsString({ message: 'Not a valid string.', ...whenSent })
  @IsNotEmpty({ message: 'This field may not be blank.', ...whenString })
  @MaxLength(150, { message: 'Ensure this field has no more than 150 characters.', ...whenString })
  @NoControlCharacters()
  name?: string;

  @ToInteger()
  @IsIn(codes(ProjectSelection), { message: notAChoice, ...whenSent })
  project_selection?: ProjectSelection;

  @ToInteger()
  @IsIn(codes(LanguageSelection), { message: notAChoice, ...whenSent })
  language_selection?: LanguageSelection;

  /** A project URL, or null for a site-wide group; forms send an empty string for null, as DRF reads it. */
  @Transform(({ value }: { value: unknown }) => (value === '' ? null : value))
  @IsString({ message: 'Incorrect type. Expected URL string.', ...whenPresent })
  defining_project?: string | null;
}
