import { UrlBuilder } from '../core/urls/url-builder';
import { addonDefinition } from './addon-catalogue';
import { publicConfiguration } from './addon-configuration';
import type { AddonContext } from './addons.repository';

/**
 * Weblate's AddonSerializer: `component` for a component add-on, `project` for a project-wide one, both null for a
 * site-wide one. `manager`: whether the caller may manage it, and so see its secrets.
 */
export function serializeAddon({ addon, component, project }: AddonContext, urls: UrlBuilder, manager: boolean) {
  return {
    component: component ? urls.component(component.project.slug, component.path) : null,
    project: component === null && project ? urls.project(project.slug) : null,
    name: addon.name,
    id: addon.id,
    configuration: manager ? addon.configuration : publicConfiguration(addonDefinition(addon.name), addon.configuration),
    url: urls.addon(addon.id),
  };
}

export type AddonResponse = ReturnType<typeof serializeAddon>;
