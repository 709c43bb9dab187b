import type { Language } from '../languages/language.entity';
import type { Project } from '../projects/project.entity';
import type { Component } from './component.entity';

/** A component with what links, access checks and serialization need from around it. */
export interface ComponentContext {
  component: Component;
  project: Project;
  /** Category slugs and the component slug joined by `/`, as used in paths. */
  path: string;
  sourceLanguage: Language;
  /** The component whose repository this one shares (`weblate://` URL), if any. */
  linked: { component: Component; projectSlug: string; path: string } | null;
  /** Its own add-ons (not its project's or the site's), by id. */
  addonIds: number[];
}

/** The component whose working copy this one uses: its parent for a `weblate://` link, otherwise itself. */
export function workingCopyOwner(context: ComponentContext): Component {
  return context.linked?.component ?? context.component;
}
