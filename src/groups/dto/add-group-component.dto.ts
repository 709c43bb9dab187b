import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { whenPresent } from '../../core/validation/field-rules';

/** POST /api/groups/<id>/components/ */
export class AddGroupComponentDto {
  @IsDefined({ message: 'Missing component_id parameter' })
  @ToInteger()
  @IsInt({ message: 'A valid integer is required.', ...whenPresent })
  component_id: number;
}
