import { IsIn } from 'class-validator';
import { ToInteger } from '../../core/http/form-values';
import { NOTIFICATION_FREQUENCIES, NOTIFICATION_NAMES, NOTIFICATION_SCOPES, NotificationFrequency, NotificationScope } from '../notifications.data';
import { MESSAGES, Required } from '../../core/validation/field-rules';

/** Body of `POST /api/users/<username>/notifications/` and of `PUT` on one subscription. */
export class CreateNotificationDto {
  @Required()
  @IsIn(NOTIFICATION_NAMES, { message: MESSAGES.choice })
  notification: string;

  @Required()
  @ToInteger()
  @IsIn(NOTIFICATION_SCOPES, { message: MESSAGES.choice })
  scope: NotificationScope;

  @Required()
  @ToInteger()
  @IsIn(NOTIFICATION_FREQUENCIES, { message: MESSAGES.choice })
  frequency: NotificationFrequency;
}
