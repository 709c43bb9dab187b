import { Required } from '../../core/validation/field-rules';
import { UpdateComponentListDto } from './update-component-list.dto';

/** POST /api/component-lists/ and PUT /api/component-lists/<slug>/: name and slug are required. */
export class CreateComponentListDto extends UpdateComponentListDto {
  @Required()
  declare name: string;

  @Required()
  declare slug: string;
}
