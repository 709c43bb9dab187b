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

/** Serializes a group loaded by GroupsRepository.findDetails (roles, languages and admins included). */
export function serializeGroup(group: Group, urls: UrlBuilder): GroupResponse {
  return {
    id: group.id,
    name: group.name,
    // Links to projects, components and component lists are not wired into groups yet (the API refuses a
    // defining project). Wiring them means loading them in GroupsRepository.findDetails and mapping them here.
    defining_project: null,
    project_selection: group.projectSelection,
    language_selection: group.languageSelection,
    url: urls.group(group.id),
    roles: group.roles.map((role) => urls.role(role.id)),
    languages: group.languages.map((language) => urls.language(language.code)),
    projects: [],
    componentlists: [],
    components: [],
    // Two-factor authentication is not implemented, so no team can enforce it.
    enforced_2fa: false,
    admins: group.admins.map((user) => urls.user(user.username)),
  };
}
