import { LanguageSelection, ProjectSelection } from './permissions.data';
import { Grant, PermissionScope, UserPermissions } from './user-permissions';

const PUBLIC = 0;
const PROTECTED = 1;
const PRIVATE = 100;

function grant(projectSelection: ProjectSelection, projectIds: number[] = [], overrides: Partial<Grant> = {}): Grant {
  return {
    groupId: 1,
    permissions: new Set(['unit.edit']),
    projectSelection,
    languageSelection: LanguageSelection.All,
    languageIds: new Set(),
    projectIds: new Set(projectIds),
    componentIds: new Set(),
    componentProjectIds: new Set(),
    ...overrides,
  };
}

/** A group granting on component 70 of project 7 (added to it by hand, or a member of one of its component lists). */
const onComponent = (projectSelection: ProjectSelection, overrides: Partial<Grant> = {}) =>
  grant(projectSelection, [], { componentIds: new Set([70]), componentProjectIds: new Set([7]), ...overrides });

const scope = (projectId: number, accessControl: number, languageId?: number): PermissionScope => ({ projectId, accessControl, languageId });
const inComponent = (componentId: number, restricted: boolean, accessControl = PRIVATE): PermissionScope => ({
  projectId: 7, accessControl, component: { id: componentId, restricted },
});

describe('UserPermissions project selections', () => {
  // Project 7 is in the grant's projectIds: added by hand (AsDefined).
  it.each([
    ['AsDefined', ProjectSelection.AsDefined, { listed: true, otherPrivate: false, otherPublic: false, otherProtected: false }],
    ['All', ProjectSelection.All, { listed: true, otherPrivate: true, otherPublic: true, otherProtected: true }],
    ['AllPublic', ProjectSelection.AllPublic, { listed: false, otherPrivate: false, otherPublic: true, otherProtected: false }],
    ['AllProtected', ProjectSelection.AllProtected, { listed: false, otherPrivate: false, otherPublic: false, otherProtected: true }],
  ])('%s grants its permissions in the projects it selects', (_name, selection, expected) => {
    const permissions = new UserPermissions(false, [grant(selection, [7])]);
    expect({
      listed: permissions.can('unit.edit', scope(7, PRIVATE)),
      otherPrivate: permissions.can('unit.edit', scope(8, PRIVATE)),
      otherPublic: permissions.can('unit.edit', scope(9, PUBLIC)),
      otherProtected: permissions.can('unit.edit', scope(10, PROTECTED)),
    }).toEqual(expected);
  });

  it('shows public and protected projects to everyone and private ones only through a group', () => {
    const nobody = new UserPermissions(false, []);
    expect(nobody.canSee(scope(1, PUBLIC))).toBe(true);
    expect(nobody.canSee(scope(1, PROTECTED))).toBe(true);
    expect(nobody.canSee(scope(1, PRIVATE))).toBe(false);
    expect(nobody.can('unit.edit', scope(1, PUBLIC))).toBe(false);
  });

  it('sees every project with a group selecting all of them', () => {
    const permissions = new UserPermissions(false, [grant(ProjectSelection.All)]);
    expect(permissions.canSee(scope(3, PRIVATE))).toBe(true);
    expect(permissions.projectVisibility().all).toBe(true);
  });

  it('opens no private project in lists through a group selecting all public ones, whatever projects it names', () => {
    const permissions = new UserPermissions(false, [grant(ProjectSelection.AllPublic, [7])]);
    expect(permissions.canSee(scope(7, PRIVATE))).toBe(false);
    expect(permissions.projectVisibility()).toEqual({ all: false, projectIds: [], allRestricted: false, componentIds: [], onlyProjectId: null });
  });

  it('limits a group to its languages when it selects them', () => {
    const languages = { languageSelection: LanguageSelection.AsDefined, languageIds: new Set([3]) };
    const permissions = new UserPermissions(false, [grant(ProjectSelection.AsDefined, [7], languages)]);
    expect(permissions.can('unit.edit', scope(7, PRIVATE, 3))).toBe(true);
    expect(permissions.can('unit.edit', scope(7, PRIVATE, 4))).toBe(false);
  });

  it('confines a project-scoped key to its project, even for a superuser', () => {
    const permissions = new UserPermissions(true, [], 7);
    expect(permissions.can('unit.edit', scope(7, PRIVATE))).toBe(true);
    expect(permissions.canSee(scope(8, PUBLIC))).toBe(false);
    expect(permissions.hasSite('componentlist.edit')).toBe(false);
  });
});

describe('UserPermissions component scopes', () => {
  it.each([
    ['components added to the group', ProjectSelection.AsDefined],
    ['component lists', ProjectSelection.ComponentLists],
  ])('grants through %s on those components only, not on their project', (_name, selection) => {
    const permissions = new UserPermissions(false, [onComponent(selection)]);
    expect(permissions.can('unit.edit', inComponent(70, false))).toBe(true);
    expect(permissions.can('unit.edit', inComponent(71, false))).toBe(false);
    expect(permissions.can('unit.edit', scope(7, PRIVATE))).toBe(false);
    // Their project becomes visible, so the components can be reached.
    expect(permissions.canSee(scope(7, PRIVATE))).toBe(true);
    expect(permissions.canSee(scope(8, PRIVATE))).toBe(false);
    expect(permissions.projectVisibility()).toEqual({ all: false, projectIds: [7], allRestricted: false, componentIds: [70], onlyProjectId: null });
  });

  it('shows and opens a restricted component only to the groups naming it, and to superusers', () => {
    const restricted = inComponent(70, true, PUBLIC);
    const projectTeam = new UserPermissions(false, [grant(ProjectSelection.AsDefined, [7])]);
    const everything = new UserPermissions(false, [grant(ProjectSelection.All)]);
    const named = new UserPermissions(false, [onComponent(ProjectSelection.AsDefined)]);
    const nobody = new UserPermissions(false, []);
    expect([projectTeam, everything, nobody].map((caller) => caller.canSee(restricted))).toEqual([false, false, false]);
    expect([projectTeam, everything].map((caller) => caller.can('unit.edit', restricted))).toEqual([false, false]);
    expect(named.canSee(restricted)).toBe(true);
    expect(named.can('unit.edit', restricted)).toBe(true);
    expect(new UserPermissions(true, []).can('unit.edit', restricted)).toBe(true);
    // The project's other, unrestricted components stay as they were.
    expect(projectTeam.can('unit.edit', inComponent(71, false))).toBe(true);
  });
});
