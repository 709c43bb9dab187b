import { isSitePermission, LanguageSelection, Permission, ProjectSelection } from './permissions.data';

/** One group the user is in, reduced to what permission checks need. */
export interface Grant {
  groupId: number;
  permissions: Set<string>;
  projectSelection: ProjectSelection;
  languageSelection: LanguageSelection;
  languageIds: Set<number>;
  /**
   * The project that defines this team, plus the projects AsDefined and ComponentLists select: those added
   * to the group by hand, or those with a component in one of the group's component lists.
   */
  projectIds: Set<number>;
}

/** Where a project-scoped permission is asked for. */
export interface PermissionScope {
  projectId: number;
  /** The project's access_control: 0 public, 1 protected, 100 private, 200 custom. */
  accessControl: number;
  languageId?: number;
}

/** Which projects a caller may see, in a form a list query can use. */
export interface ProjectVisibility {
  /** Every project (superusers and groups selecting all projects). */
  all: boolean;
  /** Private or custom projects visible through group membership, on top of public and protected ones. */
  projectIds: number[];
  /** A project-scoped key sees this project only. */
  onlyProjectId: number | null;
}

/** What one caller may do, resolved from their groups once per request. */
export class UserPermissions {
  constructor(
    readonly isSuperuser: boolean,
    private readonly grants: Grant[],
    /** Set for a project-scoped (wlp_) key: nothing outside this project is visible or allowed. */
    readonly onlyProjectId: number | null = null,
  ) {}

  get groupIds(): number[] {
    return this.grants.map((grant) => grant.groupId);
  }

  /** Site-wide permissions come from the roles of any of the user's groups, whatever their project scope. */
  hasSite(codename: Permission): boolean {
    if (this.onlyProjectId !== null) return false;
    if (this.isSuperuser) return true;
    return isSitePermission(codename) && this.grants.some((grant) => grant.permissions.has(codename));
  }

  /** A project-scoped permission: some group that covers the project (and language) grants it. */
  can(codename: Permission, scope: PermissionScope): boolean {
    if (!this.withinKeyScope(scope.projectId)) return false;
    if (this.isSuperuser) return true;
    return this.grants.some(
      (grant) => grant.permissions.has(codename) && coversProject(grant, scope) && coversLanguage(grant, scope.languageId),
    );
  }

  /** Public and protected projects are visible to all; private and custom ones to those a group lets in. */
  canSee(scope: PermissionScope): boolean {
    if (!this.withinKeyScope(scope.projectId)) return false;
    if (this.isSuperuser || scope.accessControl === 0 || scope.accessControl === 1) return true;
    return this.grants.some((grant) => coversProject(grant, scope));
  }

  projectVisibility(): ProjectVisibility {
    const all = this.isSuperuser || this.grants.some((grant) => grant.projectSelection === ProjectSelection.All);
    const projectIds = [...new Set(this.grants.flatMap((grant) => [...grant.projectIds]))];
    return { all, projectIds, onlyProjectId: this.onlyProjectId };
  }

  private withinKeyScope(projectId: number): boolean {
    return this.onlyProjectId === null || this.onlyProjectId === projectId;
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
    case ProjectSelection.AsDefined:
    case ProjectSelection.ComponentLists:
      return grant.projectIds.has(scope.projectId);
  }
}

function coversLanguage(grant: Grant, languageId: number | undefined): boolean {
  return languageId === undefined || grant.languageSelection === LanguageSelection.All || grant.languageIds.has(languageId);
}
