import { IsDefined, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { NoControlCharacters } from '../../core/validation/no-control-characters';

const REQUIRED = { message: 'This field is required.' };
const NOT_BLANK = { message: 'This field may not be blank.' };
const MAX_200 = { message: 'Ensure this field has no more than 200 characters.' };

/** PATCH: any of the editable fields. */
export class UpdateScreenshotDto {
  @IsOptional() @IsString() @IsNotEmpty(NOT_BLANK) @MaxLength(200, MAX_200)
  @NoControlCharacters()
  name?: string;

  @IsOptional() @IsString() @MaxLength(200, MAX_200)
  repository_filename?: string;
}

/** PUT: the whole screenshot, so the name is required. */
export class ReplaceScreenshotDto {
  @IsDefined(REQUIRED) @IsString() @IsNotEmpty(NOT_BLANK) @MaxLength(200, MAX_200)
  @NoControlCharacters()
  name: string;

  @IsOptional() @IsString() @MaxLength(200, MAX_200)
  repository_filename?: string;
}

/** POST /api/screenshots/ (multipart, the image in `image`): where it belongs and what it is called. */
export class CreateScreenshotDto {
  @IsDefined(REQUIRED) @IsString() @IsNotEmpty(NOT_BLANK) @MaxLength(200, MAX_200)
  @NoControlCharacters()
  name: string;

  @IsOptional() @IsString() @MaxLength(200, MAX_200)
  repository_filename?: string;

  @IsDefined(REQUIRED) @IsString() @IsNotEmpty(NOT_BLANK)
  project_slug: string;

  /** The component's slug, or its category path and slug joined by `/`. */
  @IsDefined(REQUIRED) @IsString() @IsNotEmpty(NOT_BLANK)
  component_slug: string;

  @IsDefined(REQUIRED) @IsString() @IsNotEmpty(NOT_BLANK)
  language_code: string;
}

/** POST …/units/: the string to associate (a form value, so a string, or a JSON number). */
export class AddScreenshotUnitDto {
  @IsDefined(REQUIRED)
  unit_id: unknown;
}
