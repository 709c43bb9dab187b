import { Group } from '../auth/group.entity';
import { UrlBuilder } from '../core/urls/url-builder';

export interface GroupResponse {
  id: number;
  name: string;
  defining_project: string | null;
  project_selection: number;
  language_selection: number;
  url: string;
  roles: string[];
  languages: string[];
  projects: string[];
  componentlists: string[];
  components: string[];
  enforced_2fa: boolean;
  admins: string[];
}

/** What a group links to outside its own relations, resolved to what URLs are built from. */
export interface GroupTargetRefs {
  definingProjectSlug: string | null;
  projectSlugs: string[];
  components: { projectSlug: string; path: string }[];
  componentListSlugs: string[];
}

/** Serializes a group loaded by GroupsRepository.findDetails (roles, languages and admins included). */
export function serializeGroup(group: Group, targets: GroupTargetRefs, urls: UrlBuilder): GroupResponse {
  return {
    id: group.id,
    name: group.name,
    defining_project: targets.definingProjectSlug === null ? null : urls.project(targets.definingProjectSlug),
    project_selection: group.projectSelection,
    language_selection: group.languageSelection,
    url: urls.group(group.id),
    roles: group.roles.map((role) => urls.role(role.id)),
    languages: group.languages.map((language) => urls.language(language.code)),
    projects: targets.projectSlugs.map((slug) => urls.project(slug)),
    componentlists: targets.componentListSlugs.map((slug) => urls.componentList(slug)),
    components: targets.components.map(({ projectSlug, path }) => urls.component(projectSlug, path)),
    // Two-factor authentication is not implemented, so no team can enforce it.
    enforced_2fa: false,
    admins: group.admins.map((user) => urls.user(user.username)),
  };
}
