import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { NoControlCharacters } from '../../core/validation/no-control-characters';
import { MESSAGES, Required } from '../../core/validation/field-rules';


/** PATCH: any of the editable fields. */
export class UpdateScreenshotDto {
  @IsOptional() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(200, { message: MESSAGES.maxLength(200) })
  @NoControlCharacters()
  name?: string;

  @IsOptional() @IsString() @MaxLength(200, { message: MESSAGES.maxLength(200) })
  repository_filename?: string;
}

/** PUT: the whole screenshot, so the name is required. */
export class ReplaceScreenshotDto {
  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(200, { message: MESSAGES.maxLength(200) })
  @NoControlCharacters()
  name: string;

  @IsOptional() @IsString() @MaxLength(200, { message: MESSAGES.maxLength(200) })
  repository_filename?: string;
}

/** POST /api/screenshots/ (multipart, the image in `image`): where it belongs and what it is called. */
export class CreateScreenshotDto {
  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(200, { message: MESSAGES.maxLength(200) })
  @NoControlCharacters()
  name: string;

  @IsOptional() @IsString() @MaxLength(200, { message: MESSAGES.maxLength(200) })
  repository_filename?: string;

  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank })
  project_slug: string;

  /** The component's slug, or its category path and slug joined by `/`. */
  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank })
  component_slug: string;

  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank })
  language_code: string;
}

/** POST …/units/: the string to associate (a form value, so a string, or a JSON number). */
export class AddScreenshotUnitDto {
  @Required()
  unit_id: unknown;
}
