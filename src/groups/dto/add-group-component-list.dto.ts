import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { MESSAGES, whenPresent } from '../../core/validation/field-rules';

/** POST /api/groups/<id>/componentlists/ */
export class AddGroupComponentListDto {
  @IsDefined({ message: 'Missing component_list_id parameter' })
  @ToInteger()
  @IsInt({ message: MESSAGES.integer, ...whenPresent })
  component_list_id: number;
}
