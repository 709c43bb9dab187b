import { UrlBuilder } from '../core/urls/url-builder';
import { Category } from './category.entity';

export interface CategoryResponse {
  id: number;
  name: string;
  slug: string;
  project: string;
  category: string | null;
  url: string;
  statistics_url: string;
}

/** `projectSlug` is passed in because categories are listed with their project's slug joined in. */
export function serializeCategory(category: Category, projectSlug: string, urls: UrlBuilder): CategoryResponse {
  return {
    id: category.id,
    name: category.name,
    slug: category.slug,
    project: urls.project(projectSlug),
    category: category.categoryId === null ? null : urls.category(category.categoryId),
    url: urls.category(category.id),
    statistics_url: urls.categoryStatistics(category.id),
  };
}
