import { IsInt, Max, Min } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { MAX_ID, MESSAGES, Required, whenType } from '../../core/validation/field-rules';

/** Body of `POST` and `DELETE /api/users/<username>/groups/`. */
export class GroupMembershipDto {
  @Required()
  @ToInteger()
  @IsInt({ message: MESSAGES.integer })
  @Min(1, whenType('number', MESSAGES.integer))
  @Max(MAX_ID, whenType('number', MESSAGES.integer))
  group_id: number;
}
