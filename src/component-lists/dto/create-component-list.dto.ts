import { IsDefined } from 'class-validator';
import { UpdateComponentListDto } from './update-component-list.dto';

/** POST /api/component-lists/ and PUT /api/component-lists/<slug>/: name and slug are required. */
export class CreateComponentListDto extends UpdateComponentListDto {
  @IsDefined({ message: 'This field is required.' })
  declare name: string;

  @IsDefined({ message: 'This field is required.' })
  declare slug: string;
}
