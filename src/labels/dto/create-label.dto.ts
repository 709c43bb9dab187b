import { IsIn, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { LABEL_COLORS } from '../label.entity';
import { NoControlCharacters } from '../../core/validation/no-control-characters';
import { MESSAGES, Required } from '../../core/validation/field-rules';


export class CreateLabelDto {
  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank })
  @MaxLength(190, { message: MESSAGES.maxLength(190) })
  @NoControlCharacters()
  name: string;

  @Required() @IsIn(LABEL_COLORS, { message: MESSAGES.choice })
  color: string;

  @IsOptional() @IsString()
  description?: string;
}
