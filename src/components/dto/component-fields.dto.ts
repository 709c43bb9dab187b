import { Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { ToBoolean, ToInteger } from '../../core/http/form-values';
import { FILE_FORMATS, fileFormatChoice, GLOSSARY_COLORS, LANGUAGE_CODE_STYLES, MERGE_STYLES, NEW_LANG_CHOICES, PRIORITIES, VCS_CHOICES } from '../component-defaults';
import { IsCheckFlags } from '../../core/validation/check-flags';
import { NoControlCharacters } from '../../core/validation/no-control-characters';
import { IsRegularExpression } from '../../core/validation/regular-expression';
import { IsRelativeRepositoryPath } from '../../core/validation/relative-repository-path';
import { MESSAGES, Required } from '../../core/validation/field-rules';

const SLUG = /^[-a-zA-Z0-9_]+$/;
const SLUG_MESSAGE = 'Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.';

/** `source_language` arrives as a code, or as a language object with `code` (what GET returns). */
const toLanguageCode = ({ value }: { value: unknown }) =>
  value && typeof value === 'object' && 'code' in value ? (value as { code: unknown }).code : value;

/** Form bodies send a list as one comma-separated value or as repeated fields. */
const toList = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.split(',').map((v) => v.trim()).filter(Boolean) : value);

/** Every writable component setting except the identity fields; all optional. */
class ComponentSettingsDto {
  @IsOptional() @IsIn(VCS_CHOICES) vcs?: string;
  @IsOptional() @IsString() @MaxLength(300) push?: string;
  @IsOptional() @IsString() @MaxLength(200) branch?: string;
  @IsOptional() @IsString() @MaxLength(200) push_branch?: string;
  @IsOptional() @IsString() @MaxLength(200) repoweb?: string;
  @IsOptional() @IsString() @MaxLength(400) @IsRelativeRepositoryPath() template?: string;
  @IsOptional() @ToBoolean() @IsBoolean() edit_template?: boolean;
  @IsOptional() @IsString() @MaxLength(400) @IsRelativeRepositoryPath() intermediate?: string;
  @IsOptional() @IsString() @MaxLength(400) @IsRelativeRepositoryPath() new_base?: string;
  @IsOptional() @Transform(toLanguageCode) @IsString() source_language?: string;
  @IsOptional() @IsString() @MaxLength(150) license?: string;
  @IsOptional() @IsString() agreement?: string;
  @IsOptional() @IsIn(NEW_LANG_CHOICES) new_lang?: string;
  @IsOptional() @IsIn(LANGUAGE_CODE_STYLES) language_code_style?: string;
  @IsOptional() @IsString() @IsCheckFlags() check_flags?: string;
  @IsOptional() @Transform(toList) @IsArray() @IsString({ each: true }) enforced_checks?: string[];
  @IsOptional() @ToInteger() @IsIn(PRIORITIES) priority?: number;
  @IsOptional() @ToBoolean() @IsBoolean() restricted?: boolean;
  @IsOptional() @IsString() @MaxLength(254) report_source_bugs?: string;
  @IsOptional() @IsIn(MERGE_STYLES) merge_style?: string;
  @IsOptional() @IsString() commit_message?: string;
  @IsOptional() @IsString() add_message?: string;
  @IsOptional() @IsString() delete_message?: string;
  @IsOptional() @IsString() merge_message?: string;
  @IsOptional() @IsString() addon_message?: string;
  @IsOptional() @IsString() pull_message?: string;
  @IsOptional() @ToBoolean() @IsBoolean() allow_translation_propagation?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() enable_suggestions?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() suggestion_voting?: boolean;
  @IsOptional() @ToInteger() @IsInt() @Min(0) @Max(100) suggestion_autoaccept?: number;
  @IsOptional() @ToBoolean() @IsBoolean() push_on_commit?: boolean;
  @IsOptional() @ToInteger() @IsInt() @Min(0) @Max(2160) commit_pending_age?: number;
  @IsOptional() @ToBoolean() @IsBoolean() auto_lock_error?: boolean;
  @IsOptional() @IsString() @MaxLength(500) @IsRegularExpression() language_regex?: string;
  @IsOptional() @IsString() @MaxLength(190) @IsRegularExpression() variant_regex?: string;
  @IsOptional() @ToBoolean() @IsBoolean() manage_units?: boolean;
  @IsOptional() @ToBoolean() @IsBoolean() is_glossary?: boolean;
  @IsOptional() @IsIn(GLOSSARY_COLORS) glossary_color?: string;
  /** Link of the category the component sits in; null or empty for the project's top level. */
  @ValidateIf((_dto, value) => value !== null && value !== '') @IsOptional() @IsString() category?: string | null;
}

/** PATCH: anything, identity fields included. */
export class ComponentFieldsDto extends ComponentSettingsDto {
  @IsOptional() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(100) @NoControlCharacters() name?: string;
  @IsOptional() @IsString() @MaxLength(100) @Matches(SLUG, { message: SLUG_MESSAGE }) slug?: string;
  @IsOptional() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(300) repo?: string;
  @IsOptional() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(400) @IsRelativeRepositoryPath() filemask?: string;
  @IsOptional() @IsIn(FILE_FORMATS, { message: fileFormatChoice }) file_format?: string;
}

/** PUT: what identifies the component and its files is required. */
export class CreateComponentDto extends ComponentSettingsDto {
  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(100) @NoControlCharacters() name: string;
  @Required() @IsString() @MaxLength(100) @Matches(SLUG, { message: SLUG_MESSAGE }) slug: string;
  @IsOptional() @IsString() @MaxLength(300) repo?: string;
  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(400) @IsRelativeRepositoryPath() filemask: string;
  @Required() @IsIn(FILE_FORMATS, { message: fileFormatChoice }) file_format: string;
  /** Keep a separate clone even when another component of the project uses the same repository. */
  @IsOptional() @ToBoolean() @IsBoolean() disable_autoshare?: boolean;
}

/**
 * POST …/components/: as PUT, except that `repo` is not needed when files are uploaded, and `filemask` and
 * `file_format` may be derived from an uploaded `docfile` (the creation service requires them otherwise).
 */
export class NewComponentDto extends ComponentSettingsDto {
  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(100) @NoControlCharacters() name: string;
  @Required() @IsString() @MaxLength(100) @Matches(SLUG, { message: SLUG_MESSAGE }) slug: string;
  @IsOptional() @IsString() @MaxLength(300) repo?: string;
  @IsOptional() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(400) @IsRelativeRepositoryPath() filemask?: string;
  @IsOptional() @IsIn(FILE_FORMATS, { message: fileFormatChoice }) file_format?: string;
  /** Keep a separate clone even when another component of the project uses the same repository. */
  @IsOptional() @ToBoolean() @IsBoolean() disable_autoshare?: boolean;
}
