import { Required } from '../../core/validation/field-rules';
import { UpdateRoleDto } from './update-role.dto';

/** POST /api/roles/ and PUT /api/roles/<id>/: the name is required; permissions default to none (or stay). */
export class CreateRoleDto extends UpdateRoleDto {
  @Required()
  declare name: string;
}
