import { IsBoolean, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { ToBoolean } from '../../core/http/form-values';
import { MESSAGES, Trimmed, whenSent, whenString } from '../../core/validation/field-rules';
import { AutoAssignField, AutoAssignRuleDto } from './auto-assign-rule.dto';
import { NoControlCharacters } from '../../core/validation/no-control-characters';

const SLUG = /^[-a-zA-Z0-9_]+$/;

/** PATCH /api/component-lists/<slug>/: any subset of the fields; auto_assign, when sent, replaces every rule. */
export class UpdateComponentListDto {
  @Trimmed()
  @IsString({ message: MESSAGES.string, ...whenSent })
  @IsNotEmpty({ message: MESSAGES.blank, ...whenString })
  @MaxLength(100, { message: MESSAGES.maxLength(100), ...whenString })
  @NoControlCharacters()
  name?: string;

  @Trimmed()
  @IsString({ message: MESSAGES.string, ...whenSent })
  @IsNotEmpty({ message: MESSAGES.blank, ...whenString })
  @MaxLength(100, { message: MESSAGES.maxLength(100), ...whenString })
  @Matches(SLUG, { message: 'Enter a valid "slug" consisting of letters, numbers, underscores or hyphens.', ...whenString })
  slug?: string;

  @ToBoolean()
  @IsBoolean({ message: MESSAGES.boolean, ...whenSent })
  show_dashboard?: boolean;

  @AutoAssignField()
  auto_assign?: AutoAssignRuleDto[];
}
