import { IsBoolean, IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { ToBoolean } from '../../core/http/form-values';
import { MESSAGES, Optional, Required, whenType } from '../../core/validation/field-rules';
import { NoControlCharacters } from '../../core/validation/no-control-characters';

/** Django's username rule, which Weblate keeps: letters, digits and @.+-_, at most 150 characters. */
export const USERNAME_PATTERN = /^[\w.@+-]{1,150}$/;

/** Body of `POST /api/users/`, and of `PUT /api/users/<username>/`, which replaces the same fields. */
export class CreateUserDto {
  @Required()
  @IsString({ message: MESSAGES.string })
  @Matches(USERNAME_PATTERN, whenType('string', 'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'))
  username: string;

  @Required()
  @IsString({ message: MESSAGES.string })
  @IsNotEmpty(whenType('string', MESSAGES.blank))
  @MaxLength(150, whenType('string', MESSAGES.maxLength(150)))
  @NoControlCharacters()
  full_name: string;

  /** May stay empty (bots have no mailbox); when given it must be an address no other account uses. */
  @Optional()
  @IsString({ message: MESSAGES.string })
  @MaxLength(254, whenType('string', MESSAGES.maxLength(254)))
  @IsEmail({}, { message: 'Enter a valid email address.', validateIf: (_object: object, value: unknown) => typeof value === 'string' && value !== '' })
  email?: string;

  @Optional()
  @ToBoolean()
  @IsBoolean({ message: MESSAGES.boolean })
  is_superuser?: boolean;

  @Optional()
  @ToBoolean()
  @IsBoolean({ message: MESSAGES.boolean })
  is_active?: boolean;

  @Optional()
  @ToBoolean()
  @IsBoolean({ message: MESSAGES.boolean })
  is_bot?: boolean;
}
