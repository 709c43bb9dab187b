import { IsInt, IsOptional, IsString, Max } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { MAX_ID, MESSAGES, whenType } from '../../core/validation/field-rules';

/** The filters of `GET /api/users/` (Weblate's `?username=` and `?id=`). */
export class ListUsersQuery {
  @IsOptional()
  @IsString({ message: MESSAGES.string })
  username?: string;

  @IsOptional()
  @ToInteger()
  @IsInt({ message: 'Enter a number.' })
  @Max(MAX_ID, whenType('number', 'Enter a number.'))
  id?: number;
}
