import { IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { ToBoolean, ToInteger } from '../../core/http/form-values';
import { AccessControl } from '../project.entity';
import { IsCheckFlags } from '../../core/validation/check-flags';
import { NoControlCharacters } from '../../core/validation/no-control-characters';
import { MESSAGES, Required } from '../../core/validation/field-rules';

const SLUG = /^[-a-zA-Z0-9_]+$/;
const WEB = /^(https?:\/\/\S+)?$/;

const SLUG_MESSAGE = 'Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.';

/** The writable project settings besides name and slug, all optional. */
class ProjectSettingsDto {
  @IsOptional() @IsString() @MaxLength(200) @Matches(WEB, { message: 'Enter a valid URL.' })
  web?: string;

  @IsOptional() @IsString()
  instructions?: string;

  @IsOptional() @ToBoolean() @IsBoolean()
  set_language_team?: boolean;

  @IsOptional() @ToBoolean() @IsBoolean()
  enable_hooks?: boolean;

  @IsOptional() @IsString()
  language_aliases?: string;

  @IsOptional() @ToBoolean() @IsBoolean()
  translation_review?: boolean;

  @IsOptional() @ToBoolean() @IsBoolean()
  source_review?: boolean;

  @IsOptional() @ToInteger() @IsIn([AccessControl.Public, AccessControl.Protected, AccessControl.Private, AccessControl.Custom])
  access_control?: AccessControl;

  @IsOptional() @IsString() @IsCheckFlags()
  check_flags?: string;

  @IsOptional() @IsString() @MaxLength(150)
  license?: string;

  @IsOptional() @IsString()
  agreement?: string;
}

/** PATCH: any field. */
export class ProjectFieldsDto extends ProjectSettingsDto {
  @IsOptional() @IsString() @MaxLength(60)
  @NoControlCharacters()
  name?: string;

  @IsOptional() @IsString() @MaxLength(60) @Matches(SLUG, { message: SLUG_MESSAGE })
  slug?: string;
}

/** POST /api/projects/ and PUT: name and slug are required. */
export class CreateProjectDto extends ProjectSettingsDto {
  @Required() @IsNotEmpty({ message: MESSAGES.blank }) @IsString() @MaxLength(60)
  @NoControlCharacters()
  name: string;

  @Required() @IsNotEmpty({ message: MESSAGES.blank }) @IsString() @MaxLength(60)
  @Matches(SLUG, { message: SLUG_MESSAGE })
  slug: string;
}
