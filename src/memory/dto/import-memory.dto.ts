import { IsIn, IsOptional, IsString, ValidateIf } from 'class-validator';
import { MESSAGES, Required, whenPresent } from '../../core/validation/field-rules';

const IMPORT_SCOPES = ['personal', 'project', 'site'] as const;
export type ImportScope = (typeof IMPORT_SCOPES)[number];

/**
 * The fields of `POST /api/memory/` beside the `file`: the scope the entries go to (Weblate's memory pages: the
 * caller's own memory, a project's, or the site's imported memory), `project` with the project scope, and the
 * languages of a file that does not name them (PO).
 */
export class ImportMemoryDto {
  @IsOptional()
  @IsIn(IMPORT_SCOPES, { ...whenPresent, message: MESSAGES.choice })
  scope?: ImportScope;

  @ValidateIf((dto: ImportMemoryDto) => dto.scope === 'project' || dto.project !== undefined)
  @Required()
  @IsString({ ...whenPresent, message: MESSAGES.string })
  project?: string;

  @IsOptional()
  @IsString({ message: MESSAGES.string })
  source_language?: string;

  @IsOptional()
  @IsString({ message: MESSAGES.string })
  target_language?: string;
}
