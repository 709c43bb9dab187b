import { ArrayMaxSize, IsArray, IsBoolean, IsOptional, IsString, MaxLength } from 'class-validator';
import { ToBoolean } from '../../core/http/form-values';
import { MESSAGES, Required, whenList, whenPresent } from '../../core/validation/field-rules';

/** Weblate's MemoryLookupRequest: at most 100 strings of at most 2000 characters each. */
export class LookupMemoryDto {
  @Required()
  @IsArray({ ...whenPresent, message: 'Expected a list of items.' })
  @ArrayMaxSize(100, { ...whenList, message: MESSAGES.maxItems(100) })
  @IsString({ ...whenList, each: true, message: MESSAGES.string })
  @MaxLength(2000, { ...whenList, each: true, message: MESSAGES.maxLength(2000) })
  strings!: string[];
}

/** The query parameters of `POST /api/memory/lookup/`. */
export class LookupMemoryQuery {
  @Required()
  @IsString({ ...whenPresent, message: MESSAGES.string })
  source_language!: string;

  @Required()
  @IsString({ ...whenPresent, message: MESSAGES.string })
  target_language!: string;

  @IsOptional()
  @IsString({ message: MESSAGES.string })
  project?: string;

  @IsOptional()
  @ToBoolean()
  @IsBoolean({ message: MESSAGES.boolean })
  exact?: boolean;
}
