import { UrlBuilder } from '../core/urls/url-builder';
import { ComponentList } from './component-list.entity';

export interface ComponentListResponse {
  name: string;
  slug: string;
  id: number;
  show_dashboard: boolean;
  components: string[];
  auto_assign: { project_match: string; component_match: string }[];
  url: string;
}

/** A list loaded with its rules; `componentUrls` are those of the members the caller can see. */
export function serializeComponentList(list: ComponentList, componentUrls: string[], urls: UrlBuilder): ComponentListResponse {
  return {
    name: list.name,
    slug: list.slug,
    id: list.id,
    show_dashboard: list.showDashboard,
    components: componentUrls,
    auto_assign: list.rules.map((rule) => ({ project_match: rule.projectMatch, component_match: rule.componentMatch })),
    url: urls.componentList(list.slug),
  };
}
