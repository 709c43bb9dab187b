import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { MESSAGES, whenPresent } from '../../core/validation/field-rules';

/** POST /api/groups/<id>/roles/ */
export class AddGroupRoleDto {
  @IsDefined({ message: 'Missing role_id parameter' })
  @ToInteger()
  @IsInt({ message: MESSAGES.integer, ...whenPresent })
  role_id: number;
}
