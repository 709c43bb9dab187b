import { IsDefined } from 'class-validator';
import { UpdateRoleDto } from './update-role.dto';

/** POST /api/roles/ and PUT /api/roles/<id>/: the name is required; permissions default to none (or stay). */
export class CreateRoleDto extends UpdateRoleDto {
  @IsDefined({ message: 'This field is required.' })
  declare name: string;
}
