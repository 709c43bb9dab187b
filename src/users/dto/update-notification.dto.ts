import { PartialType } from '@nestjs/swagger';
import { CreateNotificationDto } from './create-notification.dto';

/** Body of `PATCH` on one subscription: any subset of the fields (null is refused, not skipped). */
export class UpdateNotificationDto extends PartialType(CreateNotificationDto, { skipNullProperties: false }) {}
