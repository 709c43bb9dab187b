import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor } from '../auth/policy/current-actor';
import { Public } from '../auth/policy/policy.decorators';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { SearchHit, SearchService } from './search.service';

@ApiTags('search')
@Controller('api/search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  /** An unpaginated array, as Weblate's; `?q=` given twice counts once, the last, as Django's QueryDict.get. */
  @Get()
  @Public()
  find(@CurrentActor() actor: Actor, @Query('q') q: unknown, @Urls() urls: UrlBuilder): Promise<SearchHit[]> {
    const text = Array.isArray(q) ? q.at(-1) : q;
    return this.search.find(typeof text === 'string' ? text.trim() : '', actor, urls);
  }
}
