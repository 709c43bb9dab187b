import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { LanguageSelection, ProjectSelection } from '../../auth/permissions.data';
import { ToInteger } from '../../core/http/form-values';
import { MESSAGES, Trimmed, whenPresent, whenSent, whenString } from '../../core/validation/field-rules';
import { NoControlCharacters } from '../../core/validation/no-control-characters';

const codes = (selection: object) => Object.values(selection).filter((value) => typeof value === 'number');

/** PATCH /api/groups/<id>/: any subset of the fields. */
export class UpdateGroupDto {
  @Trimmed()
  @IsString({ message: MESSAGES.string, ...whenSent })
  @IsNotEmpty({ message: MESSAGES.blank, ...whenString })
  @MaxLength(150, { message: MESSAGES.maxLength(150), ...whenString })
  @NoControlCharacters()
  name?: string;

  @ToInteger()
  @IsIn(codes(ProjectSelection), { message: MESSAGES.choice, ...whenSent })
  project_selection?: ProjectSelection;

  @ToInteger()
  @IsIn(codes(LanguageSelection), { message: MESSAGES.choice, ...whenSent })
  language_selection?: LanguageSelection;

  /** A project URL, or null for a site-wide group; forms send an empty string for null, as DRF reads it. */
  @Transform(({ value }: { value: unknown }) => (value === '' ? null : value))
  @IsString({ message: 'Incorrect type. Expected URL string.', ...whenPresent })
  defining_project?: string | null;
}
