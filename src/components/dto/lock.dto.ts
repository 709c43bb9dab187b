import { IsBoolean } from 'class-validator';
import { ToBoolean } from '../../core/http/form-values';
import { MESSAGES, Required } from '../../core/validation/field-rules';

/** wlc sends `{"lock": 1}` / `{"lock": 0}`; browsers and scripts send booleans or form strings. */
export class LockDto {
  @Required() @ToBoolean() @IsBoolean({ message: MESSAGES.boolean })
  lock: boolean;
}
