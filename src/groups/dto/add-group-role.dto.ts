import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { whenPresent } from '../../core/validation/field-rules';

/** POST /api/groups/<id>/roles/ */
export class AddGroupRoleDto {
  @IsDefined({ message: 'Missing role_id parameter' })
  @ToInteger()
  @IsInt({ message: 'A valid integer is required.', ...whenPresent })
  role_id: number;
}
