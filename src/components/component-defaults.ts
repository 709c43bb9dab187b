import { MESSAGES } from '../core/validation/field-rules';
import { FORMAT_ALIASES, listFormats } from '../formats/registry';

/** Weblate's default commit message templates (Django-template syntax, rendered when committing). */
const DEFAULT_MESSAGES = {
  commit:
    'chore(l10n): update {{ language_name }} translation\n\nTranslation: {{ project_name }}/{{ component_name }}\nLanguage: {{ language_code }}\nProgress: {{ stats.translated_percent }}% ({{ stats.translated }} of {{ stats.all }} strings)\nTranslate-URL: {{ url }}\n',
  add: 'chore(l10n): add {{ language_name }} translation\n\nTranslation: {{ project_name }}/{{ component_name }}\nLanguage: {{ language_code }}\nTranslate-URL: {{ url }}\n',
  delete: 'chore(l10n): remove {{ language_name }} translation\n\nTranslation: {{ project_name }}/{{ component_name }}\nLanguage: {{ language_code }}\nTranslate-URL: {{ url }}\n',
  merge: 'chore(l10n): merge remote changes\n\nTranslation: {{ project_name }}/{{ component_name }}\nRemote-Branch: {{ component_remote_branch }}\nTranslate-URL: {{ url }}\n',
  addon: 'chore(l10n): update translation files\n\nAdd-on: {{ addon_name }}\nTranslation: {{ project_name }}/{{ component_name }}\nTranslate-URL: {{ url }}\n',
  pull: 'Translations update from {{ site_title }}\n\nTranslations update from [{{ site_title }}]({{ site_url }}) for [{{ project_name }}/{{ component_name }}]({{ url }}).\n',
} as const;

/** The message template columns of a new component, filled with the defaults above. */
export function defaultMessageColumns() {
  return {
    commitMessage: DEFAULT_MESSAGES.commit,
    addMessage: DEFAULT_MESSAGES.add,
    deleteMessage: DEFAULT_MESSAGES.delete,
    mergeMessage: DEFAULT_MESSAGES.merge,
    addonMessage: DEFAULT_MESSAGES.addon,
    pullMessage: DEFAULT_MESSAGES.pull,
  };
}

export const VCS_CHOICES = ['git', 'git-force-push', 'github', 'gitlab', 'gitea', 'pagure', 'azure_devops', 'bitbucketserver', 'bitbucketcloud', 'local'] as const;
export const MERGE_STYLES = ['merge', 'rebase', 'merge_noff'] as const;
export const NEW_LANG_CHOICES = ['contact', 'url', 'add', 'none'] as const;
export const LANGUAGE_CODE_STYLES = [
  '', 'posix', 'posix_lowercase', 'bcp', 'posix_long', 'posix_long_lowercase', 'bcp_long', 'bcp_legacy', 'bcp_lower',
  'android', 'appstore', 'googleplay', 'linux', 'linux_lowercase',
] as const;
export const PRIORITIES = [60, 80, 100, 120, 140] as const;
export const GLOSSARY_COLORS = [
  'navy', 'blue', 'aqua', 'teal', 'olive', 'green', 'lime', 'yellow', 'orange', 'red', 'maroon', 'fuchsia', 'purple', 'black', 'gray', 'silver',
] as const;

/** The repository value of components made from uploaded files, which have no remote. */
export const LOCAL_REPO = 'local:';
/** Weblate's internal URL scheme: `weblate://project/component` shares that component's repository. */
export const INTERNAL_SCHEME = 'weblate://';

/**
 * The `file_format` values a component may have: the formats this server reads and writes (and the older ids of
 * some of them). Weblate knows more (fluent, laravel, go-i18n-toml…); accepting one of those would create a
 * component whose setup fails and that then disappears, so they are refused until they are implemented.
 */
export const FILE_FORMATS: readonly string[] = [...listFormats().map((format) => format.id), ...FORMAT_ALIASES.keys()].sort();

/** DRF's message for a refused choice, followed by the choices, since this server has fewer than Weblate. */
export const fileFormatChoice = (refused: { value: unknown }) => `${MESSAGES.choice(refused)} Supported formats are: ${FILE_FORMATS.join(', ')}.`;
