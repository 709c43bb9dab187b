import { randomBytes } from 'node:crypto';
import { Group } from '../../src/auth/group.entity';
import { MembershipService } from '../../src/auth/membership.service';
import { LanguageSelection, Permission, ProjectSelection } from '../../src/auth/permissions.data';
import { Role } from '../../src/auth/role.entity';
import { Language } from '../../src/languages/language.entity';
import { User } from '../../src/users/user.entity';
import { TestApp } from '../support/test-app';
import { createRole } from './role.factory';

export interface GroupOverrides {
  name?: string;
  roles?: Role[];
  projectSelection?: ProjectSelection;
  languageSelection?: LanguageSelection;
  /** Codes of the languages a group with LanguageSelection.AsDefined covers. */
  languages?: string[];
  members?: User[];
  admins?: User[];
}

/** A site-wide group with a unique name; selects all projects and languages unless told otherwise. */
export async function createGroup(t: TestApp, overrides: GroupOverrides = {}): Promise<Group> {
  const languages = overrides.languages?.length
    ? await t.dataSource.getRepository(Language).findBy(overrides.languages.map((code) => ({ code })))
    : [];
  const group = await t.dataSource.getRepository(Group).save({
    name: overrides.name ?? `Group ${randomBytes(4).toString('hex')}`,
    projectSelection: overrides.projectSelection ?? ProjectSelection.All,
    languageSelection: overrides.languageSelection ?? LanguageSelection.All,
    definingProjectId: null,
    internal: false,
    roles: overrides.roles ?? [],
    languages,
    admins: overrides.admins ?? [],
  });
  const membership = t.app.get(MembershipService);
  for (const member of overrides.members ?? []) await membership.add(member.id, group.id);
  return group;
}

/** Gives a user permissions through a fresh role in a fresh group, the way an administrator would. */
export async function grantPermissions(t: TestApp, user: User, permissions: Permission[]): Promise<Group> {
  return createGroup(t, { roles: [await createRole(t, { permissions })], members: [user] });
}
