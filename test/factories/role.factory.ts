import { randomBytes } from 'node:crypto';
import { Permission } from '../../src/auth/permissions.data';
import { Role } from '../../src/auth/role.entity';
import { TestApp } from '../support/test-app';

export interface RoleOverrides {
  name?: string;
  permissions?: Permission[];
}

/** A role with a unique name; no permissions unless given. */
export function createRole(t: TestApp, overrides: RoleOverrides = {}): Promise<Role> {
  return t.dataSource.getRepository(Role).save({
    name: overrides.name ?? `Role ${randomBytes(4).toString('hex')}`,
    permissions: [...(overrides.permissions ?? [])].sort(),
  });
}
