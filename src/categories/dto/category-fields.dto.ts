import { IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { NoControlCharacters } from '../../core/validation/no-control-characters';
import { MESSAGES, Required } from '../../core/validation/field-rules';

const SLUG = /^[-a-zA-Z0-9_]+$/;
const SLUG_MESSAGE = 'Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.';

/** PATCH: any field; `project` and `category` are API links, `category` null for the top level. */
export class CategoryFieldsDto {
  @IsOptional() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(100)
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
  @Required() @IsString() @IsNotEmpty({ message: MESSAGES.blank }) @MaxLength(100)
  @NoControlCharacters()
  name: string;

  @Required() @IsString() @MaxLength(100) @Matches(SLUG, { message: SLUG_MESSAGE })
  slug: string;

  @Required() @IsString()
  project: string;

  @ValidateIf((_dto, value) => value !== null && value !== '') @IsOptional() @IsString()
  category?: string | null;
}
