import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ComponentContext } from '../components/component-context';
import { Public, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { NotFoundError } from '../core/errors/domain-error';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { Project } from '../projects/project.entity';
import type { TranslationContext } from '../translations/translation-context';
import { ChangeFilters, ChangeQuery } from './change-filters';
import { ChangeResponse } from './change.serializer';
import { ChangesService } from './changes.service';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

/** The change log site-wide (filtered by what the caller can see) and of one project, component or translation. */
@ApiTags('changes')
@Controller('api')
export class ChangesController {
  constructor(
    private readonly changes: ChangesService,
  ) {}

  @Get('changes')
  @Public()
  async list(
    @CurrentActor() actor: Actor, @ChangeQuery() filters: ChangeFilters, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder,
  ): Promise<Page<ChangeResponse>> {
    return this.changes.list({ kind: 'visible', permissions: actor.permissions }, filters, page, urls);
  }

  @Get('changes/:id')
  @Public()
  async get(@CurrentActor() actor: Actor, @Param('id') id: string, @Urls() urls: UrlBuilder): Promise<ChangeResponse> {
    // Ids beyond the integer column's range would be a database error, not a missing change.
    if (!/^\d{1,9}$/.test(id)) throw new NotFoundError('No Change matches the given query.');
    return this.changes.get(Number(id), actor.permissions, urls);
  }

  @Get('projects/:project/changes')
  @ViewTarget('project')
  async projectChanges(
    @CurrentActor() actor: Actor, @Target() project: Project, @ChangeQuery() filters: ChangeFilters, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder,
  ): Promise<Page<ChangeResponse>> {
    return this.changes.list({ kind: 'project', projectId: project.id, permissions: actor.permissions }, filters, page, urls);
  }

  @Get('components/:project/:component/changes')
  @ViewTarget('component')
  componentChanges(
    @Target() context: ComponentContext, @ChangeQuery() filters: ChangeFilters, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder,
  ): Promise<Page<ChangeResponse>> {
    return this.changes.list({ kind: 'component', componentId: context.component.id }, filters, page, urls);
  }

  @Get('translations/:project/:component/:language/changes')
  @ViewTarget('translation')
  translationChanges(
    @Target() context: TranslationContext, @ChangeQuery() filters: ChangeFilters, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder,
  ): Promise<Page<ChangeResponse>> {
    return this.changes.list({ kind: 'translation', translationId: context.translation.id }, filters, page, urls);
  }
}
