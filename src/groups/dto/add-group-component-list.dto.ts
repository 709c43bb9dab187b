import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { whenPresent } from '../../core/validation/field-rules';

/** POST /api/groups/<id>/componentlists/ */
export class AddGroupComponentListDto {
  @IsDefined({ message: 'Missing component_list_id parameter' })
  @ToInteger()
  @IsInt({ message: 'A valid integer is required.', ...whenPresent })
  component_list_id: number;
}
