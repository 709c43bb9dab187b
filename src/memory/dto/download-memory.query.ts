import { IsIn, IsOptional } from 'class-validator';
import { MESSAGES } from '../../core/validation/field-rules';
import { ListMemoryQuery } from './list-memory.query';

export const DOWNLOAD_FORMATS = ['json', 'tmx'] as const;

/** `GET /api/memory/download/`: the list's filters, and the file format (Weblate's memory download: JSON by default). */
export class DownloadMemoryQuery extends ListMemoryQuery {
  @IsOptional()
  @IsIn(DOWNLOAD_FORMATS, { message: MESSAGES.choice })
  format?: (typeof DOWNLOAD_FORMATS)[number];
}
