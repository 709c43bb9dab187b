import type { ComponentContext } from '../components/component-context';
import { serializeComponent } from '../components/component.serializer';
import { UrlBuilder } from '../core/urls/url-builder';
import type { Project } from '../projects/project.entity';
import { serializeProject } from '../projects/project.serializer';

/**
 * The project backup, laid out as Weblate's (weblate/trans/backups.py): a ZIP with `weblate-backup.json` (metadata,
 * project, labels), `weblate-memory.json`, `components/<slug>.json` (the component's settings and translations) and
 * `vcs/<slug>/…` (its working copy, `.git` included). Fields are the API's wire names, so a restore validates them
 * as a creation request would.
 */
export const BACKUP_JSON = 'weblate-backup.json';
export const MEMORY_JSON = 'weblate-memory.json';
export const COMPONENTS_PREFIX = 'components/';
export const VCS_PREFIX = 'vcs/';

/** The project settings a creation request takes (CreateProjectDto). */
export const PROJECT_FIELDS = [
  'name', 'slug', 'web', 'instructions', 'set_language_team', 'enable_hooks', 'language_aliases', 'translation_review', 'source_review',
  'access_control', 'check_flags', 'license', 'agreement',
] as const;

/** The component settings a creation request takes (NewComponentDto), categories aside: a restored project has none. */
const COMPONENT_FIELDS = [
  'name', 'slug', 'vcs', 'repo', 'push', 'branch', 'push_branch', 'repoweb', 'filemask', 'file_format', 'template', 'edit_template', 'intermediate',
  'new_base', 'license', 'agreement', 'new_lang', 'language_code_style', 'check_flags', 'enforced_checks', 'priority', 'restricted',
  'report_source_bugs', 'merge_style', 'commit_message', 'add_message', 'delete_message', 'merge_message', 'addon_message', 'pull_message',
  'allow_translation_propagation', 'enable_suggestions', 'suggestion_voting', 'suggestion_autoaccept', 'push_on_commit', 'commit_pending_age',
  'auto_lock_error', 'language_regex', 'variant_regex', 'manage_units', 'is_glossary', 'glossary_color',
] as const;

export interface BackupJson {
  metadata: { version: string; server: string; domain: string; timestamp: string };
  project: Record<string, unknown>;
  labels: { name: string; color: string; description: string }[];
}

export interface ComponentJson {
  component: Record<string, unknown>;
  translations: { language_code: string; filename: string }[];
}

const NO_URLS = new UrlBuilder('');

export function projectJson(project: Project, labels: BackupJson['labels'], metadata: BackupJson['metadata']): BackupJson {
  return { metadata, project: pick(serializeProject(project, NO_URLS), PROJECT_FIELDS), labels };
}

/**
 * A component's settings, with its repository and push URLs as stored (credentials included: the backup is for the
 * project's administrators, as Weblate's is) and its source language by code.
 */
export function componentJson(context: ComponentContext, translations: ComponentJson['translations']): ComponentJson {
  const wire = pick(serializeComponent(context, NO_URLS), COMPONENT_FIELDS);
  return {
    component: { ...wire, repo: context.component.repo, push: context.component.push, source_language: context.sourceLanguage.code },
    translations,
  };
}

function pick(object: object, keys: readonly string[]): Record<string, unknown> {
  const source = object as Record<string, unknown>;
  return Object.fromEntries(keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]));
}
