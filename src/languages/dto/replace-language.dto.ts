import { Required, TextField } from '../../core/validation/field-rules';
import { LanguageSettingsDto } from './update-language.dto';

/**
 * PUT: the name is required, as every required field is in a full update. It does not extend
 * UpdateLanguageDto: class-validator would inherit the optional marker and skip the required check.
 */
export class ReplaceLanguageDto extends LanguageSettingsDto {
  @Required()
  @TextField(100)
  name: string;
}
