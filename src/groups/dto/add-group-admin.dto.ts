import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { whenPresent } from '../../roles/dto/field-options';

/** POST /api/groups/<id>/admins/ */
export class AddGroupAdminDto {
  @IsDefined({ message: 'Missing user_id parameter' })
  @ToInteger()
  @IsInt({ message: 'A valid integer is required.', ...whenPresent })
  user_id: number;
}
