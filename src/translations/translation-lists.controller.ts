import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { CategoryRow } from '../categories/category-row';
import type { ComponentContext } from '../components/component-context';
import { ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { Project } from '../projects/project.entity';
import { ProjectLanguageResponse, ProjectStatisticsResponse, TranslationResponse, TranslationStatisticsResponse } from './translation.serializer';
import { TranslationsService } from './translations.service';

/** The translations and statistics of a component, and the statistics of a project, summed from its translations. */
@ApiTags('translations')
@Controller('api')
export class TranslationListsController {
  constructor(private readonly translations: TranslationsService) {}

  @Get('components/:project/:component/translations')
  @ViewTarget('component')
  componentTranslations(@Target() context: ComponentContext, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<TranslationResponse>> {
    return this.translations.ofComponent(context, page, urls);
  }

  /** One statistics object per translation of the component. */
  @Get('components/:project/:component/statistics')
  @ViewTarget('component')
  componentStatistics(
    @Target() context: ComponentContext, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder,
  ): Promise<Page<TranslationStatisticsResponse>> {
    return this.translations.componentStatistics(context, page, urls);
  }

  @Get('projects/:project/statistics')
  @ViewTarget('project')
  projectStatistics(@Target() project: Project, @Urls() urls: UrlBuilder): Promise<ProjectStatisticsResponse> {
    return this.translations.projectStatistics(project, urls);
  }

  /** The category's components and those of its subcategories, summed. */
  @Get('categories/:id/statistics')
  @ViewTarget('category')
  categoryStatistics(@Target() row: CategoryRow, @Urls() urls: UrlBuilder): Promise<ProjectStatisticsResponse> {
    return this.translations.categoryStatistics(row, urls);
  }

  @Get('projects/:project/languages')
  @ViewTarget('project')
  projectLanguages(@Target() project: Project, @PageParams() page: PageRequest): Promise<Page<ProjectLanguageResponse>> {
    return this.translations.projectLanguages(project, page);
  }
}
