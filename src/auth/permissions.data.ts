/**
 * The permission catalogue, default roles and default groups of Weblate (weblate/auth/data.py), as data.
 * AccessDataSync brings the database in line with it after every migration, so an upgrade that adds a
 * permission to a default role reaches existing installations, as Weblate's own setup does.
 */

/** Permissions that apply within a project (its components, translations and strings). */
export const PROJECT_PERMISSIONS = {
  'change.download': 'Download changes',
  'comment.add': 'Post comment',
  'comment.delete': 'Delete comment',
  'comment.resolve': 'Resolve comment',
  'component.edit': 'Edit component settings',
  'component.lock': 'Lock component, preventing translations',
  'glossary.add': 'Add glossary entry',
  'glossary.terminology': 'Add glossary terminology',
  'glossary.edit': 'Edit glossary entry',
  'glossary.delete': 'Delete glossary entry',
  'glossary.upload': 'Upload glossary entries',
  'machinery.view': 'Use automatic suggestions',
  'memory.edit': 'Edit translation memory',
  'memory.delete': 'Delete translation memory',
  'project.edit': 'Edit project settings',
  'project.permissions': 'Manage project access',
  'reports.view': 'Download reports',
  'screenshot.add': 'Add screenshot',
  'screenshot.edit': 'Edit screenshot',
  'screenshot.delete': 'Delete screenshot',
  'source.edit': 'Edit additional string info',
  'unit.add': 'Add new string',
  'unit.delete': 'Remove a string',
  'unit.check': 'Dismiss failing check',
  'unit.edit': 'Edit strings',
  'unit.review': 'Review strings',
  'unit.bulk_edit': 'Bulk edit strings',
  'unit.override': 'Edit string when suggestions are enforced',
  'unit.template': 'Edit source strings',
  'suggestion.accept': 'Accept suggestion',
  'suggestion.add': 'Add suggestion',
  'suggestion.delete': 'Delete suggestion',
  'suggestion.vote': 'Vote on suggestion',
  'translation.add': 'Add language for translation',
  'translation.auto': 'Perform automatic translation',
  'translation.delete': 'Delete existing translation',
  'translation.download': 'Download translation file',
  'translation.add_more': 'Add several languages for translation',
  'upload.authorship': 'Define author of uploaded translation',
  'upload.overwrite': 'Overwrite existing strings with upload',
  'upload.perform': 'Upload translations',
  'vcs.access': 'Access the internal repository',
  'vcs.commit': 'Commit changes to the internal repository',
  'vcs.push': 'Push change from the internal repository',
  'vcs.reset': 'Reset changes in the internal repository',
  'vcs.view': 'View upstream repository location',
  'vcs.update': 'Update the internal repository',
  'announcement.add': 'Post announcement',
  'announcement.delete': 'Delete announcement',
} as const;

/** Permissions that apply to the whole installation. */
export const SITE_PERMISSIONS = {
  'management.use': 'Use management interface',
  'management.configure': 'Configure the installation',
  'project.add': 'Add new projects',
  'language.add': 'Add language definitions',
  'language.edit': 'Manage language definitions',
  'group.edit': 'Manage teams',
  'group.view': 'View teams',
  'user.edit': 'Manage users',
  'user.view': 'View users',
  'role.edit': 'Manage roles',
  'role.view': 'View roles',
  'announcement.edit': 'Manage announcements',
  'memory.manage': 'Manage translation memory',
  'machinery.edit': 'Manage machinery',
  'componentlist.edit': 'Manage component lists',
  'billing.manage': 'Manage billing',
  'management.addons': 'Manage site-wide add-ons',
} as const;

export type ProjectPermission = keyof typeof PROJECT_PERMISSIONS;
export type SitePermission = keyof typeof SITE_PERMISSIONS;
export type Permission = ProjectPermission | SitePermission;

export function isPermission(codename: string): codename is Permission {
  return codename in PROJECT_PERMISSIONS || codename in SITE_PERMISSIONS;
}

export function isSitePermission(codename: string): codename is SitePermission {
  return codename in SITE_PERMISSIONS;
}

const TRANSLATE: ProjectPermission[] = [
  'comment.add', 'suggestion.accept', 'suggestion.add', 'suggestion.vote', 'unit.check', 'unit.edit',
  'translation.download', 'upload.overwrite', 'upload.perform', 'machinery.view',
];
const GLOSSARY: ProjectPermission[] = ['glossary.add', 'glossary.delete', 'glossary.edit', 'glossary.upload'];
const SCREENSHOTS: ProjectPermission[] = ['screenshot.add', 'screenshot.delete', 'screenshot.edit'];
const VCS = (Object.keys(PROJECT_PERMISSIONS) as ProjectPermission[]).filter((codename) => codename.startsWith('vcs.'));

/** Default roles by name → their permissions. */
export const DEFAULT_ROLES: Record<string, Permission[]> = {
  Administration: Object.keys(PROJECT_PERMISSIONS) as ProjectPermission[],
  'Edit source': [...TRANSLATE, 'unit.template', 'source.edit'],
  'Add suggestion': ['suggestion.add'],
  'Access repository': ['translation.download', 'vcs.access', 'vcs.view'],
  'Manage glossary': [...GLOSSARY, 'glossary.terminology'],
  'Power user': [...TRANSLATE, 'translation.add', 'unit.template', 'suggestion.delete', 'vcs.access', 'vcs.view', ...GLOSSARY],
  'Translation coordinator': [
    ...TRANSLATE, 'announcement.add', 'announcement.delete', 'translation.add', 'unit.template', 'suggestion.delete',
    'vcs.access', 'vcs.view', 'unit.review', 'unit.override', 'comment.resolve', ...GLOSSARY, 'glossary.terminology', ...SCREENSHOTS,
  ],
  'Review strings': [...TRANSLATE, 'unit.review', 'unit.override', 'comment.resolve'],
  Translate: TRANSLATE,
  'Manage languages': ['translation.add', 'translation.add_more', 'translation.delete', 'translation.download'],
  'Bulk editing': ['unit.bulk_edit'],
  'Automatic translation': ['translation.auto'],
  'Manage translation memory': ['memory.delete', 'memory.edit'],
  'Manage screenshots': SCREENSHOTS,
  'Manage repository': [...VCS, 'component.lock'],
  'Add new projects': ['project.add'],
};

/** How a group picks its projects (Weblate's project_selection). */
export enum ProjectSelection {
  AsDefined = 0,
  All = 1,
  ComponentLists = 2,
  AllPublic = 3,
  AllProtected = 4,
}

/** How a group picks its languages (Weblate's language_selection). */
export enum LanguageSelection {
  AsDefined = 0,
  All = 1,
}

export interface DefaultGroup {
  roles: string[];
  projectSelection: ProjectSelection;
  languageSelection: LanguageSelection;
}

/** Site-wide default groups; the anonymous user is in Guests and Viewers, new users join Users and Viewers. */
export const DEFAULT_GROUPS: Record<string, DefaultGroup> = {
  Guests: { roles: ['Add suggestion', 'Access repository'], projectSelection: ProjectSelection.AllPublic, languageSelection: LanguageSelection.All },
  Viewers: { roles: [], projectSelection: ProjectSelection.AllProtected, languageSelection: LanguageSelection.All },
  Users: { roles: ['Power user'], projectSelection: ProjectSelection.AllPublic, languageSelection: LanguageSelection.All },
  Reviewers: { roles: ['Review strings'], projectSelection: ProjectSelection.All, languageSelection: LanguageSelection.All },
  Managers: { roles: ['Administration'], projectSelection: ProjectSelection.All, languageSelection: LanguageSelection.All },
  'Project creators': { roles: ['Add new projects'], projectSelection: ProjectSelection.All, languageSelection: LanguageSelection.All },
};

export const ANONYMOUS_GROUPS = ['Guests', 'Viewers'];
export const NEW_USER_GROUPS = ['Users', 'Viewers'];

/** The teams created for each project that is not on custom access control: team name → role. */
export const PROJECT_TEAMS: Record<string, string> = {
  Administration: 'Administration',
  Review: 'Review strings',
  Translate: 'Translate',
  Sources: 'Edit source',
  Languages: 'Manage languages',
  Glossary: 'Manage glossary',
  Memory: 'Manage translation memory',
  Screenshots: 'Manage screenshots',
  'Bulk editing': 'Bulk editing',
  'Automatic translation': 'Automatic translation',
  VCS: 'Manage repository',
};

/** The permission each repository operation needs (Weblate's API checks the same pairs). */
export const REPOSITORY_OPERATIONS: Record<string, ProjectPermission> = {
  push: 'vcs.push',
  pull: 'vcs.update',
  commit: 'vcs.commit',
  reset: 'vcs.reset',
  cleanup: 'vcs.reset',
  'file-sync': 'vcs.reset',
  'file-scan': 'vcs.reset',
};
