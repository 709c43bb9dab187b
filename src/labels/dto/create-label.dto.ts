import { IsDefined, IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { LABEL_COLORS } from '../label.entity';
import { NoControlCharacters } from '../../core/validation/no-control-characters';

const REQUIRED = { message: 'This field is required.' };

export class CreateLabelDto {
  @IsDefined(REQUIRED) @IsString() @IsNotEmpty({ message: 'This field may not be blank.' })
  @MaxLength(190, { message: 'Ensure this field has no more than 190 characters.' })
  @NoControlCharacters()
  name: string;

  @IsDefined(REQUIRED) @IsIn(LABEL_COLORS, { message: ({ value }) => `"${String(value)}" is not a valid choice.` })
  color: string;

  @IsOptional() @IsString()
  description?: string;
}
