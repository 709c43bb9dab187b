import { IsInt } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { MESSAGES, Required, whenPresent } from '../../core/validation/field-rules';

/** POST /api/component-lists/<slug>/components/ */
export class AddComponentListComponentDto {
  @Required()
  @ToInteger()
  @IsInt({ message: MESSAGES.integer, ...whenPresent })
  component_id: number;
}
