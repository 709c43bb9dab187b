import { IsOptional, IsString } from 'class-validator';
import { MESSAGES } from '../../core/validation/field-rules';

/** Weblate's memory list filters. */
export class ListMemoryQuery {
  @IsOptional()
  @IsString({ message: MESSAGES.string })
  source?: string;

  @IsOptional()
  @IsString({ message: MESSAGES.string })
  source_language?: string;

  @IsOptional()
  @IsString({ message: MESSAGES.string })
  target_language?: string;

  @IsOptional()
  @IsString({ message: MESSAGES.string })
  project?: string;

  @IsOptional()
  @IsString({ message: MESSAGES.string })
  origin?: string;
}
