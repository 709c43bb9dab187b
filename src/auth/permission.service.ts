import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { GenerationCache } from '../core/caching/generation-cache';
import { requestContext } from '../core/http/request-context';
import { currentUser } from '../users/current-user';
import { User } from '../users/user.entity';
import { AccessRepository } from './access.repository';
import { Grant, UserPermissions } from './user-permissions';

const RESOLVED = Symbol('userPermissions');
const GENERATION = Symbol('accessGeneration');

/** The single entry point for "may this caller do that": user → groups → roles, scoped by projects and languages. */
@Injectable()
export class PermissionService {
  /** Users' grants by user id; grants are never changed by their readers, so they are shared as they are. */
  private readonly cache = new GenerationCache<number, readonly Grant[]>();

  constructor(private readonly access: AccessRepository) {}

  /**
   * The caller's permissions, resolved once per request; the grants come from the cache when the access generation
   * of the request is the one they were loaded at.
   */
  forRequest(req: Request): Promise<UserPermissions> {
    const holder = req as unknown as Record<symbol, Promise<UserPermissions> | undefined>;
    holder[RESOLVED] ??= this.forCaller(req);
    return holder[RESOLVED];
  }

  /**
   * The access generation of the request, under which what it reads may come from caches: read with a key's holder,
   * or once per request here for anonymous callers.
   */
  generationOf(req: Request): Promise<string> {
    const holder = req as unknown as Record<symbol, Promise<string> | undefined>;
    holder[GENERATION] ??= Promise.resolve(requestContext(req).accessGeneration ?? this.access.generation());
    return holder[GENERATION];
  }

  private async forCaller(req: Request): Promise<UserPermissions> {
    const user = currentUser(req);
    const generation = await this.generationOf(req);
    const grants = await this.cache.get(user.id, generation, () => this.access.grantsOf(user.id));
    return new UserPermissions(user.isSuperuser && user.isActive, grants, requestContext(req).tokenProjectId);
  }

  async forUser(user: User, onlyProjectId: number | null = null): Promise<UserPermissions> {
    const grants = await this.access.grantsOf(user.id);
    return new UserPermissions(user.isSuperuser && user.isActive, grants, onlyProjectId);
  }
}
