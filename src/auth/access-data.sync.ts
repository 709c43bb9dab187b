import { Injectable } from '@nestjs/common';
import { ANONYMOUS_USERNAME } from '../users/user.entity';
import { AccessRepository } from './access.repository';
import { ANONYMOUS_GROUPS, DEFAULT_GROUPS, DEFAULT_ROLES } from './permissions.data';

/**
 * Brings the default roles and groups in line with permissions.data.ts after migrating. Default roles get
 * the current permission sets (as Weblate's setup does on upgrade); default groups are created once and then
 * left to the administrators.
 */
@Injectable()
export class AccessDataSync {
  constructor(private readonly access: AccessRepository) {}

  sync(): Promise<void> {
    return this.access.syncDefaults({
      roles: Object.entries(DEFAULT_ROLES).map(([name, permissions]) => ({ name, permissions: [...new Set(permissions)].sort() })),
      groups: Object.entries(DEFAULT_GROUPS).map(([name, group]) => ({ name, ...group })),
      anonymous: { username: ANONYMOUS_USERNAME, groups: ANONYMOUS_GROUPS },
    });
  }
}
