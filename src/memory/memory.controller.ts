import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Authenticated } from '../auth/policy/policy.decorators';
import { Actor, CurrentActor } from '../auth/policy/current-actor';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { AcceptsUploads, uploadedFiles } from '../core/http/multipart';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { contentDisposition } from '../core/http/content-disposition';
import { DownloadMemoryQuery } from './dto/download-memory.query';
import { ImportMemoryDto } from './dto/import-memory.dto';
import { ListMemoryQuery } from './dto/list-memory.query';
import { LookupMemoryDto, LookupMemoryQuery } from './dto/lookup-memory.dto';
import { MemoryImportResult, MemoryImportService } from './memory-import.service';
import { MemoryFilter } from './memory.repository';
import { MemoryLookupResult, MemoryResponse } from './memory.serializer';
import { MemoryService } from './memory.service';

/**
 * `/api/memory/`: signed-in callers only, as Weblate; which entries they see (and may delete) is decided per entry
 * by the service, since a site-wide or personal entry has no project for a route policy to check. Imports check
 * the scope they write to (memory.rules.ts).
 */
@ApiTags('memory')
@Controller('api/memory')
export class MemoryController {
  constructor(
    private readonly memory: MemoryService,
    private readonly imports: MemoryImportService,
  ) {}

  @Get()
  @Authenticated()
  list(@CurrentActor() actor: Actor, @Query() query: ListMemoryQuery, @PageParams() page: PageRequest): Promise<Page<MemoryResponse>> {
    return this.memory.list(filterOf(query), actor, page);
  }

  /** Multipart `file` (.tmx, .json, .po) with `scope` (personal, project, site), `project`, and the languages of a PO file. */
  @Post()
  @HttpCode(200)
  @Authenticated()
  @AcceptsUploads({ files: 1, fields: 10 })
  async upload(@Req() req: Request, @CurrentActor() actor: Actor, @Body() fields: ImportMemoryDto): Promise<MemoryImportResult> {
    const file = uploadedFiles(req).file;
    if (!file) throw ValidationError.field('file', 'No file was submitted.', 'required');
    const scope = await this.memory.importScope(fields, actor);
    return this.imports.import({ name: file.originalname, data: await file.read(), sourceLanguage: fields.source_language, targetLanguage: fields.target_language }, scope);
  }

  /** Everything the list shows (with its filters) as one file: `?format=json` (default, Weblate's memory JSON) or `tmx`. */
  @Get('download')
  @Authenticated()
  async download(@CurrentActor() actor: Actor, @Query() query: DownloadMemoryQuery): Promise<StreamableFile> {
    const file = await this.memory.download(filterOf(query), actor, query.format ?? 'json');
    return new StreamableFile(file.data, { type: file.contentType, disposition: contentDisposition(`weblate-memory.${file.extension}`), length: file.data.length });
  }

  @Post('lookup')
  @HttpCode(200)
  @Authenticated()
  lookup(@CurrentActor() actor: Actor, @Query() query: LookupMemoryQuery, @Body() body: LookupMemoryDto): Promise<MemoryLookupResult[]> {
    return this.memory.lookup(
      { sourceLanguage: query.source_language, targetLanguage: query.target_language, project: query.project, exact: query.exact ?? false, strings: body.strings },
      actor,
    );
  }

  @Get(':id')
  @Authenticated()
  get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<MemoryResponse> {
    return this.memory.get(entryId(id), actor);
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.memory.remove(entryId(id), actor);
  }
}

function filterOf(query: ListMemoryQuery): MemoryFilter {
  return { source: query.source, sourceLanguage: query.source_language, targetLanguage: query.target_language, project: query.project, origin: query.origin };
}

/** Ids beyond the integer column's range would be a database error, not a missing entry. */
function entryId(id: string): number {
  if (!/^\d{1,9}$/.test(id)) throw new NotFoundError();
  return Number(id);
}
