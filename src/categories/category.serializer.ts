import { UrlBuilder } from '../core/urls/url-builder';
import { EffectiveSettingsResponse, projectEffectiveSettings, ProjectSettings, serializeEffectiveSettings } from '../projects/effective-settings';
import type { CategoryRow } from './category-row';
import { Category } from './category.entity';

/** What a category shows of its project. */
export type CategoryProject = ProjectSettings & { slug: string };

export function categoryProject(row: CategoryRow): CategoryProject {
  return { slug: row.projectSlug, ...row.projectSettings };
}

export interface CategoryResponse extends EffectiveSettingsResponse {
  id: number;
  name: string;
  slug: string;
  project: string;
  category: string | null;
  url: string;
  statistics_url: string;
}

/** The project is passed in because categories are listed with its slug and settings joined in. */
export function serializeCategory(category: Category, project: CategoryProject, urls: UrlBuilder): CategoryResponse {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    project: urls.project(project.slug),
    category: category.categoryId === null ? null : urls.category(category.categoryId),
    url: urls.category(category.id),
    statistics_url: urls.categoryStatistics(category.id),
    // A category stores no settings: it has its project's in effect.
    ...serializeEffectiveSettings(projectEffectiveSettings(project)),
  };
}
