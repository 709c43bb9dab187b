import { Injectable } from '@nestjs/common';
import { UserPermissions } from '../auth/user-permissions';
import type { CategoryRow } from '../categories/category-row';
import type { ComponentContext } from '../components/component-context';
import { buildPage, Page, PageRequest, resolveLastPage } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { Project } from '../projects/project.entity';
import {
  serializeCategoryStatistics,
  ProjectLanguageResponse,
  ProjectStatisticsResponse,
  serializeProjectLanguage,
  serializeProjectStatistics,
  serializeTranslation,
  serializeTranslationStatistics,
  TranslationResponse,
  TranslationStatisticsResponse,
} from './translation.serializer';
import { ProjectLanguageRow, TranslationsRepository } from './translations.repository';
import type { TranslationContext } from './translation-context';

/** No limit: the exports list every translation of a component (or language of a project) at once. */
const ALL = 2 ** 31 - 1;

/** A page of rows from a query answering `[rows, total]` for an offset and limit. */
async function paged<R, T>(request: PageRequest, fetch: (offset: number, limit: number) => Promise<[R[], number]>, map: (row: R) => T): Promise<Page<T>> {
  // `page=last` needs the total before the rows: a first query of one row answers it (TypeORM reads limit 0 as none).
  const page = request.url.searchParams.get('page') === 'last' ? resolveLastPage(request, (await fetch(0, 1))[1]) : request;
  const [rows, count] = await fetch(page.offset, page.pageSize);
  return buildPage(page, count, rows.map(map));
}

@Injectable()
export class TranslationsService {
  constructor(private readonly translations: TranslationsRepository) {}

  list(permissions: UserPermissions, request: PageRequest, urls: UrlBuilder): Promise<Page<TranslationResponse>> {
    const visibility = permissions.projectVisibility();
    return paged(request, (offset, limit) => this.translations.pageVisible(visibility, offset, limit), (row) =>
      serializeTranslation(row, urls, { embedComponent: true, viewer: permissions }),
    );
  }

  ofComponent(component: ComponentContext, request: PageRequest, urls: UrlBuilder): Promise<Page<TranslationResponse>> {
    return paged(request, (offset, limit) => this.translations.pageOfComponent(component, offset, limit), (row) =>
      serializeTranslation(row, urls, { embedComponent: false }),
    );
  }

  async componentStatistics(component: ComponentContext, request: PageRequest, urls: UrlBuilder): Promise<Page<TranslationStatisticsResponse>> {
    const page = await paged(request, (offset, limit) => this.translations.pageOfComponent(component, offset, limit), (row) => row);
    const recent = await this.translations.recentChanges(page.results.map((row) => row.translation.id));
    return { ...page, results: page.results.map((row) => serializeTranslationStatistics(row, recent.get(row.translation.id) ?? 0, urls)) };
  }

  /** Every translation's statistics, ordered by language code (the deprecated statistics export). */
  async allComponentStatistics(component: ComponentContext, urls: UrlBuilder): Promise<TranslationStatisticsResponse[]> {
    const [rows] = await this.translations.pageOfComponent(component, 0, ALL);
    const recent = await this.translations.recentChanges(rows.map((row) => row.translation.id));
    return rows.map((row) => serializeTranslationStatistics(row, recent.get(row.translation.id) ?? 0, urls));
  }

  /** Every language's sums over the project (the deprecated statistics export). */
  async allProjectLanguages(project: Project): Promise<ProjectLanguageRow[]> {
    const [rows] = await this.translations.projectLanguages(project.id, 0, ALL);
    return rows;
  }

  async translationStatistics(context: TranslationContext, urls: UrlBuilder): Promise<TranslationStatisticsResponse> {
    const recent = await this.translations.recentChanges([context.translation.id]);
    return serializeTranslationStatistics(context, recent.get(context.translation.id) ?? 0, urls);
  }

  async categoryStatistics(row: CategoryRow, urls: UrlBuilder): Promise<ProjectStatisticsResponse> {
    return serializeCategoryStatistics(row, await this.translations.categoryCounts(row.category.id), urls);
  }

  async projectStatistics(project: Project, urls: UrlBuilder): Promise<ProjectStatisticsResponse> {
    return serializeProjectStatistics(project, await this.translations.projectCounts(project.id), urls);
  }

  projectLanguages(project: Project, request: PageRequest): Promise<Page<ProjectLanguageResponse>> {
    return paged(request, (offset, limit) => this.translations.projectLanguages(project.id, offset, limit), serializeProjectLanguage);
  }
}
