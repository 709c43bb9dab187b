import { IsDefined, IsString } from 'class-validator';

export class LinkProjectDto {
  @IsDefined({ message: 'This field is required.' }) @IsString()
  project_slug: string;
}
