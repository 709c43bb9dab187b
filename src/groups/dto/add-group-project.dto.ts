import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { whenPresent } from '../../roles/dto/field-options';

/** POST /api/groups/<id>/projects/ */
export class AddGroupProjectDto {
  @IsDefined({ message: 'Missing project_id parameter' })
  @ToInteger()
  @IsInt({ message: 'A valid integer is required.', ...whenPresent })
  project_id: number;
}
