import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { MESSAGES, whenPresent } from '../../core/validation/field-rules';

/** POST /api/groups/<id>/admins/ */
export class AddGroupAdminDto {
  @IsDefined({ message: 'Missing user_id parameter' })
  @ToInteger()
  @IsInt({ message: MESSAGES.integer, ...whenPresent })
  user_id: number;
}
