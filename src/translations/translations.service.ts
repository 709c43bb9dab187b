import { Injectable } from '@nestjs/common';
import { UserPermissions } from '../auth/user-permissions';
import type { CategoryRow } from '../categories/category-row';
import type { ComponentContext } from '../components/component-context';
import { Page, PageRequest, paginate } from '../core/pagination/page';
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

@Injectable()
export class TranslationsService {
  constructor(private readonly translations: TranslationsRepository) {}

  async list(permissions: UserPermissions, request: PageRequest, urls: UrlBuilder): Promise<Page<TranslationResponse>> {
    const visibility = permissions.projectVisibility();
    return paginate(request, await this.translations.countVisible(visibility), async (offset, limit) =>
      (await this.translations.pageVisible(visibility, offset, limit)).map((row) => serializeTranslation(row, urls, { embedComponent: true, viewer: permissions })),
    );
  }

  async ofComponent(component: ComponentContext, request: PageRequest, urls: UrlBuilder): Promise<Page<TranslationResponse>> {
    return paginate(request, await this.translations.countOfComponent(component), async (offset, limit) =>
      (await this.translations.pageOfComponent(component, offset, limit)).map((row) => serializeTranslation(row, urls, { embedComponent: false })),
    );
  }

  async componentStatistics(component: ComponentContext, request: PageRequest, urls: UrlBuilder): Promise<Page<TranslationStatisticsResponse>> {
    return paginate(request, await this.translations.countOfComponent(component), async (offset, limit) => {
      const rows = await this.translations.pageOfComponent(component, offset, limit);
      const recent = await this.translations.recentChanges(rows.map((row) => row.translation.id));
      return rows.map((row) => serializeTranslationStatistics(row, recent.get(row.translation.id) ?? 0, urls));
    });
  }

  /** Every translation's statistics, ordered by language code (the deprecated statistics export). */
  async allComponentStatistics(component: ComponentContext, urls: UrlBuilder): Promise<TranslationStatisticsResponse[]> {
    const rows = await this.translations.pageOfComponent(component);
    const recent = await this.translations.recentChanges(rows.map((row) => row.translation.id));
    return rows.map((row) => serializeTranslationStatistics(row, recent.get(row.translation.id) ?? 0, urls));
  }

  /** Every language's sums over the project (the deprecated statistics export). */
  allProjectLanguages(project: Project): Promise<ProjectLanguageRow[]> {
    return this.translations.projectLanguages(project.id);
  }

  async categoryStatistics(row: CategoryRow, urls: UrlBuilder): Promise<ProjectStatisticsResponse> {
    return serializeCategoryStatistics(row, await this.translations.categoryCounts(row.category.id), urls);
  }

  async projectStatistics(project: Project, urls: UrlBuilder): Promise<ProjectStatisticsResponse> {
    return serializeProjectStatistics(project, await this.translations.projectCounts(project.id), urls);
  }

  async projectLanguages(project: Project, request: PageRequest): Promise<Page<ProjectLanguageResponse>> {
    return paginate(request, await this.translations.countProjectLanguages(project.id), async (offset, limit) =>
      (await this.translations.projectLanguages(project.id, offset, limit)).map(serializeProjectLanguage),
    );
  }
}
