import { IsBoolean, IsDefined } from 'class-validator';
import { ToBoolean } from '../../core/http/form-values';

/** wlc sends `{"lock": 1}` / `{"lock": 0}`; browsers and scripts send booleans or form strings. */
export class LockDto {
  @IsDefined({ message: 'This field is required.' }) @ToBoolean() @IsBoolean({ message: 'Must be a valid boolean.' })
  lock: boolean;
}
