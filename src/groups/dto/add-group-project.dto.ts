import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { MESSAGES, whenPresent } from '../../core/validation/field-rules';

/** POST /api/groups/<id>/projects/ */
export class AddGroupProjectDto {
  @IsDefined({ message: 'Missing project_id parameter' })
  @ToInteger()
  @IsInt({ message: MESSAGES.integer, ...whenPresent })
  project_id: number;
}
