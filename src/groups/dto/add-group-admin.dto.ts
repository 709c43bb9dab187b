import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { whenPresent } from '../../core/validation/field-rules';

/** POST /api/groups/<id>/admins/ */
export class AddGroupAdminDto {
  @IsDefined({ message: 'Missing user_id parameter' })
  @ToInteger()
  @IsInt({ message: 'A valid integer is required.', ...whenPresent })
  user_id: number;
}
