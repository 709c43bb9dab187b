import { componentScope } from '../auth/scopes';
import { UserPermissions } from '../auth/user-permissions';
import { UrlBuilder } from '../core/urls/url-builder';
import { LanguageResponse, serializeLanguage } from '../languages/language.serializer';
import { serializeEffectiveSettings } from '../projects/effective-settings';
import { ProjectResponse, serializeProject } from '../projects/project.serializer';
import { redactUrl } from '../vcs/repository-url';
import { workingCopyOwner, type ComponentContext } from './component-context';
import { allows } from '../auth/policy/object-rules';
import { COMPONENT_RULES } from './component.rules';


/** The fields that tell where a component's files come from, shown only to those with `vcs.view` on it (as Weblate). */
const REPOSITORY_FIELDS = ['vcs', 'repo', 'push', 'branch', 'push_branch', 'filemask', 'template', 'new_base', 'intermediate'] as const;

/** `viewer`: the caller, when the repository fields depend on what they may see (every API answer passes it). */
export function serializeComponent(context: ComponentContext, urls: UrlBuilder, viewer?: UserPermissions) {
  const body = componentBody(context, urls);
  if (!viewer || allows(viewer, COMPONENT_RULES.seeRepository, componentScope(context))) return body;
  return { ...body, ...Object.fromEntries(REPOSITORY_FIELDS.map((field) => [field, null])) } as typeof body;
}

function componentBody(context: ComponentContext, urls: UrlBuilder) {
  const { component: c, project, path, sourceLanguage, linked } = context;
  // A linked component reports its parent's repository settings: those are the ones in effect. Credentials
  // in a URL are configuration, never output.
  const vcsSource = workingCopyOwner(context);
  const part = (name: Parameters<UrlBuilder['componentPart']>[2]) => urls.componentPart(project.slug, path, name);
  return {
    id: c.id,
    name: c.name,
    slug: c.slug,
    project: serializeProject(project, urls) as ProjectResponse,
    category: c.categoryId === null ? null : urls.category(c.categoryId),
    vcs: vcsSource.vcs,
    repo: redactUrl(vcsSource.repo),
    push: redactUrl(vcsSource.push),
    branch: vcsSource.branch,
    push_branch: vcsSource.pushBranch,
    repoweb: vcsSource.repoweb,
    git_export: '',
    linked_component: linked ? urls.component(linked.projectSlug, linked.path) : null,
    filemask: c.filemask,
    template: c.template,
    edit_template: c.editTemplate,
    intermediate: c.intermediate,
    new_base: c.newBase,
    file_format: c.fileFormat,
    source_language: serializeLanguage(sourceLanguage, urls) as LanguageResponse,
    license: c.license,
    license_url: c.license ? `https://spdx.org/licenses/${encodeURIComponent(c.license)}.html` : '',
    agreement: c.agreement,
    new_lang: c.newLang,
    language_code_style: c.languageCodeStyle,
    check_flags: c.checkFlags,
    enforced_checks: c.enforcedChecks,
    priority: c.priority,
    restricted: c.restricted,
    report_source_bugs: c.reportSourceBugs,
    merge_style: c.mergeStyle,
    commit_message: c.commitMessage,
    add_message: c.addMessage,
    delete_message: c.deleteMessage,
    merge_message: c.mergeMessage,
    addon_message: c.addonMessage,
    pull_message: c.pullMessage,
    ...serializeEffectiveSettings(c),
    allow_translation_propagation: c.allowTranslationPropagation,
    enable_suggestions: c.enableSuggestions,
    suggestion_voting: c.suggestionVoting,
    suggestion_autoaccept: c.suggestionAutoaccept,
    push_on_commit: c.pushOnCommit,
    commit_pending_age: c.commitPendingAge,
    auto_lock_error: c.autoLockError,
    language_regex: c.languageRegex,
    variant_regex: c.variantRegex,
    manage_units: c.manageUnits,
    is_glossary: c.isGlossary,
    glossary_color: c.glossaryColor,
    locked: c.locked,
    addons: context.addonIds.map((id) => urls.addon(id)),
    url: urls.component(project.slug, path),
    web_url: urls.componentWeb(project.slug, path),
    repository_url: part('repository'),
    translations_url: part('translations'),
    statistics_url: part('statistics'),
    lock_url: part('lock'),
    links_url: part('links'),
    changes_list_url: part('changes'),
    credits_url: part('credits'),
    reports_url: part('reports'),
    announcements_url: part('announcements'),
    task_url: c.taskId ? urls.task(c.taskId) : null,
  };
}

export type ComponentResponse = ReturnType<typeof serializeComponent>;
