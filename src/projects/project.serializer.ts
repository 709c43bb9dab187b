import { UrlBuilder } from '../core/urls/url-builder';
import { EffectiveSettingsResponse, projectEffectiveSettings, serializeEffectiveSettings } from './effective-settings';
import { Project } from './project.entity';

export interface ProjectResponse extends EffectiveSettingsResponse {
  id: number;
  name: string;
  slug: string;
  web: string;
  url: string;
  web_url: string;
  components_list_url: string;
  repository_url: string;
  statistics_url: string;
  changes_list_url: string;
  languages_url: string;
  categories_url: string;
  labels_url: string;
  lock_url: string;
  credits_url: string;
  machinery_settings: string;
  reports_url: string;
  metrics_url: string;
  announcements_url: string;
  locked: boolean;
  translation_review: boolean;
  source_review: boolean;
  set_language_team: boolean;
  enable_hooks: boolean;
  instructions: string;
  language_aliases: string;
  access_control: number;
  check_flags: string;
  license: string;
  agreement: string;
}

export function serializeProject(project: Project, urls: UrlBuilder): ProjectResponse {
  const part = (name: Parameters<UrlBuilder['projectPart']>[1]) => urls.projectPart(project.slug, name);
  return {
    id: project.id,
    name: project.name,
    slug: project.slug,
    web: project.web,
    url: urls.project(project.slug),
    web_url: urls.projectWeb(project.slug),
    components_list_url: part('components'),
    repository_url: part('repository'),
    statistics_url: part('statistics'),
    changes_list_url: part('changes'),
    languages_url: part('languages'),
    categories_url: part('categories'),
    labels_url: part('labels'),
    lock_url: part('lock'),
    credits_url: part('credits'),
    machinery_settings: part('machinery_settings'),
    reports_url: part('reports'),
    metrics_url: part('metrics'),
    announcements_url: part('announcements'),
    locked: false,
    translation_review: project.translationReview,
    source_review: project.sourceReview,
    set_language_team: project.setLanguageTeam,
    enable_hooks: project.enableHooks,
    instructions: project.instructions,
    language_aliases: project.languageAliases,
    access_control: project.accessControl,
    check_flags: project.checkFlags,
    license: project.license,
    agreement: project.agreement,
    ...serializeEffectiveSettings(projectEffectiveSettings(project)),
  };
}
