import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { MESSAGES, whenPresent } from '../../core/validation/field-rules';

/** POST /api/groups/<id>/components/ */
export class AddGroupComponentDto {
  @IsDefined({ message: 'Missing component_id parameter' })
  @ToInteger()
  @IsInt({ message: MESSAGES.integer, ...whenPresent })
  component_id: number;
}
