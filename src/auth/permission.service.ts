import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { requestContext } from '../core/http/request-context';
import { currentUser } from '../users/current-user';
import { User } from '../users/user.entity';
import { AccessRepository } from './access.repository';
import { UserPermissions } from './user-permissions';

const RESOLVED = Symbol('userPermissions');

/** The single entry point for "may this caller do that": user → groups → roles, scoped by projects and languages. */
@Injectable()
export class PermissionService {
  constructor(private readonly access: AccessRepository) {}

  /** The caller's permissions, loaded once per request. */
  forRequest(req: Request): Promise<UserPermissions> {
    const holder = req as unknown as Record<symbol, Promise<UserPermissions> | undefined>;
    const { tokenProjectId } = requestContext(req);
    holder[RESOLVED] ??= this.forUser(currentUser(req), tokenProjectId);
    return holder[RESOLVED];
  }

  async forUser(user: User, onlyProjectId: number | null = null): Promise<UserPermissions> {
    const grants = await this.access.grantsOf(user.id);
    return new UserPermissions(user.isSuperuser && user.isActive, grants, onlyProjectId);
  }
}
