import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { requestContext } from '../core/http/request-context';
import { currentUser } from '../users/current-user';
import { User } from '../users/user.entity';
import { AccessRepository } from './access.repository';
import { GrantsCache } from './grants-cache';
import { UserPermissions } from './user-permissions';

const RESOLVED = Symbol('userPermissions');

/** The single entry point for "may this caller do that": user → groups → roles, scoped by projects and languages. */
@Injectable()
export class PermissionService {
  private readonly cache = new GrantsCache();

  constructor(private readonly access: AccessRepository) {}

  /**
   * The caller's permissions, resolved once per request; the grants come from the cache when the access generation
   * read with the caller (or here, for anonymous callers) is the one they were loaded at.
   */
  forRequest(req: Request): Promise<UserPermissions> {
    const holder = req as unknown as Record<symbol, Promise<UserPermissions> | undefined>;
    holder[RESOLVED] ??= this.forCaller(currentUser(req), requestContext(req));
    return holder[RESOLVED];
  }

  private async forCaller(user: User, { tokenProjectId, accessGeneration }: { tokenProjectId: number | null; accessGeneration: string | null }): Promise<UserPermissions> {
    const generation = accessGeneration ?? (await this.access.generation());
    const grants = await this.cache.get(user.id, generation, () => this.access.grantsOf(user.id));
    return new UserPermissions(user.isSuperuser && user.isActive, grants, tokenProjectId);
  }

  async forUser(user: User, onlyProjectId: number | null = null): Promise<UserPermissions> {
    const grants = await this.access.grantsOf(user.id);
    return new UserPermissions(user.isSuperuser && user.isActive, grants, onlyProjectId);
  }
}
