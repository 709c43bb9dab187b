import { IsDefined } from 'class-validator';
import { UpdateGroupDto } from './update-group.dto';

/** POST /api/groups/ and PUT /api/groups/<id>/: the name is required; the selections default to "as defined". */
export class CreateGroupDto extends UpdateGroupDto {
  @IsDefined({ message: 'This field is required.' })
  declare name: string;
}
