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
    ...overrides,
  };
}

const scope = (projectId: number, accessControl: number, languageId?: number): PermissionScope => ({ projectId, accessControl, languageId });

describe('UserPermissions project selections', () => {
  // Project 7 is in the grant's projectIds: added by hand (AsDefined) or holding a listed component (ComponentLists).
  it.each([
    ['AsDefined', ProjectSelection.AsDefined, { listed: true, otherPrivate: false, otherPublic: false, otherProtected: false }],
    ['ComponentLists', ProjectSelection.ComponentLists, { listed: true, otherPrivate: false, otherPublic: false, otherProtected: false }],
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

  it('lets a component-list group see the private projects of its lists and no other', () => {
    const permissions = new UserPermissions(false, [grant(ProjectSelection.ComponentLists, [7])]);
    expect(permissions.canSee(scope(7, PRIVATE))).toBe(true);
    expect(permissions.canSee(scope(8, PRIVATE))).toBe(false);
    expect(permissions.projectVisibility()).toEqual({ all: false, projectIds: [7], onlyProjectId: null });
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

  it('needs the permission from a group that covers the project, not just any group', () => {
    const permissions = new UserPermissions(false, [
      grant(ProjectSelection.ComponentLists, [7], { permissions: new Set() }),
      grant(ProjectSelection.AsDefined, [8]),
    ]);
    expect(permissions.can('unit.edit', scope(7, PRIVATE))).toBe(false);
    expect(permissions.can('unit.edit', scope(8, PRIVATE))).toBe(true);
  });

  it('limits a group to its languages when it selects them', () => {
    const languages = { languageSelection: LanguageSelection.AsDefined, languageIds: new Set([3]) };
    const permissions = new UserPermissions(false, [grant(ProjectSelection.ComponentLists, [7], languages)]);
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
