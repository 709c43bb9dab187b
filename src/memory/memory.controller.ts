import { Controller, Delete, Get, HttpCode, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/policy/policy.decorators';
import { Actor, CurrentActor } from '../auth/policy/current-actor';
import { NotFoundError } from '../core/errors/domain-error';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { ListMemoryQuery } from './dto/list-memory.query';
import { MemoryResponse } from './memory.serializer';
import { MemoryService } from './memory.service';

/**
 * `/api/memory/`: signed-in callers only, as Weblate; which entries they see (and may delete) is decided per entry
 * by the service, since a site-wide entry has no project for a route policy to check.
 */
@ApiTags('memory')
@Controller('api/memory')
export class MemoryController {
  constructor(private readonly memory: MemoryService) {}

  @Get()
  @Authenticated()
  list(@CurrentActor() actor: Actor, @Query() query: ListMemoryQuery, @PageParams() page: PageRequest): Promise<Page<MemoryResponse>> {
    const filter = { source: query.source, sourceLanguage: query.source_language, targetLanguage: query.target_language, project: query.project, origin: query.origin };
    return this.memory.list(filter, actor.permissions, page);
  }

  @Get(':id')
  @Authenticated()
  get(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<MemoryResponse> {
    return this.memory.get(entryId(id), actor.permissions);
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  async remove(@CurrentActor() actor: Actor, @Param('id') id: string): Promise<void> {
    await this.memory.remove(entryId(id), actor.permissions);
  }
}

/** Ids beyond the integer column's range would be a database error, not a missing entry. */
function entryId(id: string): number {
  if (!/^\d{1,9}$/.test(id)) throw new NotFoundError();
  return Number(id);
}
