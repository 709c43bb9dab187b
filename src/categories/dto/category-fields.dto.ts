import { IsDefined, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { NoControlCharacters } from '../../core/validation/no-control-characters';

const SLUG = /^[-a-zA-Z0-9_]+$/;
const SLUG_MESSAGE = 'Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.';
const REQUIRED = { message: 'This field is required.' };
const NOT_BLANK = { message: 'This field may not be blank.' };

/** PATCH: any field; `project` and `category` are API links, `category` null for the top level. */
export class CategoryFieldsDto {
  @IsOptional() @IsString() @IsNotEmpty(NOT_BLANK) @MaxLength(100)
  @NoControlCharacters()
  name?: string;

  @IsOptional() @IsString() @MaxLength(100) @Matches(SLUG, { message: SLUG_MESSAGE })
  slug?: string;

  @IsOptional() @IsString()
  project?: string;

  @ValidateIf((_dto, value) => value !== null && value !== '') @IsOptional() @IsString()
  category?: string | null;
}

/** POST and PUT: name, slug and project are required. */
export class CreateCategoryDto {
  @IsDefined(REQUIRED) @IsString() @IsNotEmpty(NOT_BLANK) @MaxLength(100)
  @NoControlCharacters()
  name: string;

  @IsDefined(REQUIRED) @IsString() @MaxLength(100) @Matches(SLUG, { message: SLUG_MESSAGE })
  slug: string;

  @IsDefined(REQUIRED) @IsString()
  project: string;

  @ValidateIf((_dto, value) => value !== null && value !== '') @IsOptional() @IsString()
  category?: string | null;
}
