import { IsDefined, IsNotEmpty, IsString } from 'class-validator';
import { MESSAGES, whenPresent, whenString } from '../../core/validation/field-rules';

/** Weblate's own wording when the code is missing, which clients show as is. */
const MISSING = "Missing 'language_code' parameter";

/** POST /api/components/<project>/<component>/translations/: the language to start translating into. */
export class CreateTranslationDto {
  @IsDefined({ message: MISSING }) @IsString({ ...whenPresent, message: MESSAGES.string }) @IsNotEmpty({ ...whenString, message: MISSING })
  language_code: string;
}
