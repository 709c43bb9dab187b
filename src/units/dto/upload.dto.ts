import { IsIn, IsOptional, IsString } from 'class-validator';
import { ToBoolean } from '../../core/http/form-values';
import { MESSAGES, whenPresent } from '../../core/validation/field-rules';
import { CONFLICTS, Conflicts, FUZZY, FuzzyHandling, UPLOAD_METHODS, UploadMethod } from '../upload/upload-options';

const choice = { ...whenPresent, message: MESSAGES.choice };
const text = { ...whenPresent, message: MESSAGES.string };

/**
 * The multipart fields of POST and PUT /api/translations/<project>/<component>/<language>/file/ (Weblate's
 * UploadRequestSerializer), beside the `file` itself. `author`/`email` and `overwrite` are older clients' names.
 */
export class UploadDto {
  @IsOptional() @IsIn(UPLOAD_METHODS, choice) method?: UploadMethod;
  @IsOptional() @IsIn(CONFLICTS, choice) conflicts?: Conflicts;
  @IsOptional() @IsIn(FUZZY, choice) fuzzy?: FuzzyHandling;
  @IsOptional() @IsString(text) author_name?: string;
  @IsOptional() @IsString(text) author?: string;
  @IsOptional() @IsString(text) author_email?: string;
  @IsOptional() @IsString(text) email?: string;
  /** `wlc --overwrite` sends `overwrite=yes` where newer clients send `conflicts=replace-translated`. */
  @IsOptional() @ToBoolean() overwrite?: boolean | string;
}
