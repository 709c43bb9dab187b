import { PartialType } from '@nestjs/swagger';
import { CreateUserDto } from './create-user.dto';

/** Body of `PATCH /api/users/<username>/`: any subset of the fields, with the same rules (null is refused, not skipped). */
export class UpdateUserDto extends PartialType(CreateUserDto, { skipNullProperties: false }) {}
