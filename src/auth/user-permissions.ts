import { isSitePermission, LanguageSelection, Permission, ProjectSelection } from './permissions.data';

/** One group the user is in, reduced to what permission checks need. */
export interface Grant {
  groupId: number;
  permissions: Set<string>;
  projectSelection: ProjectSelection;
  languageSelection: LanguageSelection;
  languageIds: Set<number>;
  /** The project that defines this team, plus the projects added to the group by hand (AsDefined). */
  projectIds: Set<number>;
  /**
   * Components the group grants on their own, as Weblate's group `components` and component lists do: the
   * components added to the group, or (ComponentLists selection) the members of its component lists.
   */
  componentIds: Set<number>;
  /** The projects of `componentIds`, which the group's members may therefore see. */
  componentProjectIds: Set<number>;
}

/** Where a project-scoped permission is asked for. */
export interface PermissionScope {
  projectId: number;
  /** The project's access_control: 0 public, 1 protected, 100 private, 200 custom. */
  accessControl: number;
  languageId?: number;
  /** Set when the object belongs to a component (a component, translation, string or screenshot). */
  component?: { id: number; restricted: boolean };
}

/** Which projects and components a caller may see, in a form a list query can use. */
export interface ProjectVisibility {
  /** Every project (superusers and groups selecting all projects). */
  all: boolean;
  /** Private or custom projects visible through group membership, on top of public and protected ones. */
  projectIds: number[];
  /** Every restricted component too (superusers). */
  allRestricted: boolean;
  /** The restricted components visible through group membership; the others are hidden. */
  componentIds: number[];
  /** A project-scoped key sees this project only. */
  onlyProjectId: number | null;
}

/**
 * What one caller may do, resolved from their groups once per request. Weblate's model: a group grants its
 * roles in the projects it selects and in the components it names; a restricted component takes only the
 * grants that name it (superusers aside), so neither its project's teams nor "all projects" groups reach it.
 */
export class UserPermissions {
  constructor(
    readonly isSuperuser: boolean,
    private readonly grants: readonly Grant[],
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

  /** A project-scoped permission: some group that covers the object (and language) grants it. */
  can(codename: Permission, scope: PermissionScope): boolean {
    if (!this.withinKeyScope(scope.projectId)) return false;
    if (this.isSuperuser) return true;
    return this.grants.some((grant) => grant.permissions.has(codename) && coversObject(grant, scope) && coversLanguage(grant, scope.languageId));
  }

  /** Whether the user administers the project (may edit it): Weblate's "administered" notification scope. */
  administers(scope: PermissionScope): boolean {
    return this.can('project.edit', scope);
  }

  /** Public and protected projects are visible to all, private and custom ones to their groups; restricted components to theirs. */
  canSee(scope: PermissionScope): boolean {
    if (!this.withinKeyScope(scope.projectId)) return false;
    if (this.isSuperuser) return true;
    if (scope.component?.restricted) return this.grants.some((grant) => grant.componentIds.has(scope.component!.id));
    if (scope.accessControl === 0 || scope.accessControl === 1) return true;
    return this.grants.some((grant) => coversObject(grant, scope) || grant.componentProjectIds.has(scope.projectId));
  }

  /**
   * The same rule as canSee, for lists. Only groups that pick projects by hand (or through component lists)
   * open private projects: a group selecting "all public projects" opens none, whatever projects it lists.
   */
  projectVisibility(): ProjectVisibility {
    const all = this.isSuperuser || this.grants.some((grant) => grant.projectSelection === ProjectSelection.All);
    const projectIds = this.grants.flatMap((grant) => [...(selectsByHand(grant) ? grant.projectIds : []), ...grant.componentProjectIds]);
    const componentIds = this.grants.flatMap((grant) => [...grant.componentIds]);
    return {
      all,
      projectIds: [...new Set(projectIds)],
      allRestricted: this.isSuperuser,
      componentIds: [...new Set(componentIds)],
      onlyProjectId: this.onlyProjectId,
    };
  }

  private withinKeyScope(projectId: number): boolean {
    return this.onlyProjectId === null || this.onlyProjectId === projectId;
  }
}

function selectsByHand(grant: Grant): boolean {
  return grant.projectSelection === ProjectSelection.AsDefined || grant.projectSelection === ProjectSelection.ComponentLists;
}

/** The group's grant reaches the object: through the component it names, or (unless restricted) through the project. */
function coversObject(grant: Grant, scope: PermissionScope): boolean {
  if (scope.component && grant.componentIds.has(scope.component.id)) return true;
  if (scope.component?.restricted) return false;
  return coversProject(grant, scope);
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
