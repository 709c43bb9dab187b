import { Required } from '../../core/validation/field-rules';
import { UpdateGroupDto } from './update-group.dto';

/** POST /api/groups/ and PUT /api/groups/<id>/: the name is required; the selections default to "as defined". */
export class CreateGroupDto extends UpdateGroupDto {
  @Required()
  declare name: string;
}
