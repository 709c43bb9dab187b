import { IsDefined, IsString } from 'class-validator';
import { MESSAGES, whenPresent } from '../../core/validation/field-rules';

/** POST /api/groups/<id>/languages/ */
export class AddGroupLanguageDto {
  @IsDefined({ message: 'Missing language_code parameter' })
  @IsString({ message: MESSAGES.string, ...whenPresent })
  language_code: string;
}
