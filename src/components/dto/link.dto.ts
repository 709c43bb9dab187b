import { IsString } from 'class-validator';
import { Required } from '../../core/validation/field-rules';

export class LinkProjectDto {
  @Required() @IsString()
  project_slug: string;
}
