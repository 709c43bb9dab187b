import type { Component } from '../../components/component.entity';
import { renderMessage } from '../../working-copies/commit-message';
import type { DiscoveryConfiguration } from './discovery-configuration';
import type { MatchedComponent } from './discovery-pattern';

/** Weblate's COMPONENT_NAME_LENGTH: longer names and slugs are cut, leaving room for a " 12" suffix when taken. */
const NAME_LENGTH = 100;

/** The main component's settings a discovered component starts with (Weblate's COPY_ATTRIBUTES, those this server has). */
const COPIED = [
  'vcs', 'branch', 'license', 'agreement', 'reportSourceBugs', 'allowTranslationPropagation', 'enableSuggestions', 'suggestionVoting',
  'suggestionAutoaccept', 'checkFlags', 'newLang', 'languageCodeStyle', 'commitMessage', 'addMessage', 'deleteMessage', 'mergeMessage',
  'addonMessage', 'pullMessage', 'pushOnCommit', 'commitPendingAge', 'editTemplate', 'manageUnits',
] as const satisfies readonly (keyof Component)[];

/** What discovery makes of a group of matched files: the component's files and its name, its templates rendered. */
export type DiscoveredFiles = Pick<Component, 'name' | 'filemask' | 'template' | 'newBase' | 'intermediate' | 'fileFormat' | 'languageRegex'>;

export function discoveredFiles(configuration: DiscoveryConfiguration, found: MatchedComponent): DiscoveredFiles {
  const render = (template: string) => renderMessage(template, found.groups);
  return {
    name: render(configuration.name_template).trim().slice(0, NAME_LENGTH),
    filemask: found.mask,
    template: render(configuration.base_file_template),
    newBase: render(configuration.new_base_template),
    intermediate: render(configuration.intermediate_template),
    fileFormat: configuration.file_format,
    languageRegex: configuration.language_regex,
  };
}

/** The settings copied from the main component. */
export function copiedSettings(main: Component): Partial<Component> {
  return Object.fromEntries(COPIED.map((key) => [key, main[key]]));
}

/**
 * The name and slug to give: the discovered ones, or with the first free " N" / "-N" suffix when another component
 * beside it has either, as Weblate does. Null when even its slug is empty (a name of punctuation only).
 */
export function freeName(name: string, taken: readonly Pick<Component, 'name' | 'slug'>[]): { name: string; slug: string } | null {
  const slug = slugify(name).slice(0, NAME_LENGTH);
  if (!slug) return null;
  const names = new Set(taken.map((component) => component.name));
  const slugs = new Set(taken.map((component) => component.slug));
  if (!names.has(name) && !slugs.has(slug)) return { name, slug };
  for (let n = 1; ; n++) {
    const candidate = { name: `${name.slice(0, NAME_LENGTH - 4)} ${n}`, slug: `${slug.slice(0, NAME_LENGTH - 4)}-${n}` };
    if (!names.has(candidate.name) && !slugs.has(candidate.slug)) return candidate;
  }
}

/** Django's slugify: ASCII letters, digits, underscores and hyphens, lower case. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\P{ASCII}/gu, '')
    .toLowerCase()
    .replace(/[^\w\s-]/g, '')
    .replace(/[-\s]+/g, '-')
    .replace(/^[-_]+|[-_]+$/g, '');
}
