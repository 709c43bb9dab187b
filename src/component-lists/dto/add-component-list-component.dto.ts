import { IsDefined, IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { whenPresent } from '../../core/validation/field-rules';

/** POST /api/component-lists/<slug>/components/ */
export class AddComponentListComponentDto {
  @IsDefined({ message: 'This field is required.' })
  @ToInteger()
  @IsInt({ message: 'A valid integer is required.', ...whenPresent })
  component_id: number;
}
