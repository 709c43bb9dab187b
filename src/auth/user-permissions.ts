import { isSitePermission, LanguageSelection, Permission, ProjectSelection } from './permissions.data';

/** One group the user is in, reduced to what permission checks need. */
export interface Grant {
  groupId: number;
  permissions: Set<string>;
  projectSelection: ProjectSelection;
  languageSelection: LanguageSelection;
  languageIds: Set<number>;
  definingProjectId: number | null;
}

/** Where a project-scoped permission is asked for. */
export interface PermissionScope {
  projectId: number;
  /** The project's access_control: 0 public, 1 protected, 100 private, 200 custom. */
  accessControl: number;
  /** Projects selected by the group through its project list (filled by the projects module). */
  explicitGroupIds?: Set<number>;
  languageId?: number;
}

/** What one user may do, resolved from their groups once per request. */
export class UserPermissions {
  constructor(
    readonly isSuperuser: boolean,
    private readonly grants: Grant[],
  ) {}

  get groupIds(): number[] {
    return this.grants.map((grant) => grant.groupId);
  }

  /** Site-wide permissions come from the roles of any of the user's groups, whatever their project scope. */
  hasSite(codename: Permission): boolean {
    if (this.isSuperuser) return true;
    return isSitePermission(codename) && this.grants.some((grant) => grant.permissions.has(codename));
  }

  /** A project-scoped permission: some group that covers the project (and language) grants it. */
  can(codename: Permission, scope: PermissionScope): boolean {
    if (this.isSuperuser) return true;
    return this.grants.some(
      (grant) => grant.permissions.has(codename) && coversProject(grant, scope) && coversLanguage(grant, scope.languageId),
    );
  }
}

function coversProject(grant: Grant, scope: PermissionScope): boolean {
  switch (grant.projectSelection) {
    case ProjectSelection.All:
      return true;
    case ProjectSelection.AllPublic:
      return scope.accessControl === 0;
    case ProjectSelection.AllProtected:
      return scope.accessControl === 1;
    default:
      return grant.definingProjectId === scope.projectId || (scope.explicitGroupIds?.has(grant.groupId) ?? false);
  }
}

function coversLanguage(grant: Grant, languageId: number | undefined): boolean {
  return languageId === undefined || grant.languageSelection === LanguageSelection.All || grant.languageIds.has(languageId);
}
