import { defaultMessageColumns } from '../components/component-defaults';
import { Project } from './project.entity';

/** The settings Weblate lets categories and components inherit, as they are in effect for one object. */
export interface InheritableSettings {
  checkFlags: string;
  license: string;
  agreement: string;
  newLang: string;
  languageCodeStyle: string;
  commitMessage: string;
  addMessage: string;
  deleteMessage: string;
  mergeMessage: string;
  addonMessage: string;
  pullMessage: string;
}

/** The project settings categories inherit (they have none of their own). */
export type ProjectSettings = Pick<Project, 'checkFlags' | 'license' | 'agreement'>;

/**
 * What a project (and each of its categories) has in effect: its own flags, license and agreement, and for
 * the settings only components store, the values a new component starts with.
 */
export function projectEffectiveSettings(project: ProjectSettings): InheritableSettings {
  return {
    checkFlags: project.checkFlags,
    license: project.license,
    agreement: project.agreement,
    newLang: 'add',
    languageCodeStyle: '',
    ...defaultMessageColumns(),
  };
}

/**
 * Weblate's `effective_*` fields. Components store every setting themselves, so theirs are in effect as they
 * are; no secondary language is configured anywhere.
 */
export function serializeEffectiveSettings(settings: InheritableSettings) {
  return {
    effective_check_flags: settings.checkFlags,
    effective_license: settings.license,
    effective_agreement: settings.agreement,
    effective_new_lang: settings.newLang,
    effective_language_code_style: settings.languageCodeStyle,
    effective_secondary_language: null,
    effective_commit_message: settings.commitMessage,
    effective_add_message: settings.addMessage,
    effective_delete_message: settings.deleteMessage,
    effective_merge_message: settings.mergeMessage,
    effective_addon_message: settings.addonMessage,
    effective_pull_message: settings.pullMessage,
  };
}

export type EffectiveSettingsResponse = ReturnType<typeof serializeEffectiveSettings>;
