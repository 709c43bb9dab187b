import { createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Permission } from '../permissions.data';
import type { PermissionScope } from '../user-permissions';

/**
 * The kinds of object a route can act on, found from its path parameters. `translation-statistics` is a translation
 * read with what its statistics add (its recent changes) in the same statement.
 */
export type TargetKind = 'project' | 'category' | 'component' | 'translation' | 'translation-statistics' | 'unit' | 'screenshot' | 'addon';

export interface LoadedTarget {
  /**
   * Where permissions on it are checked; null for an object of the site itself (an add-on installed site-wide),
   * which only holders of its `manage` permission see.
   */
  scope: PermissionScope | null;
  entity: unknown;
  /** The permission managing this object takes, for `ManageTarget` routes: it depends on the object (add-ons). */
  manage?: Permission;
}

/**
 * Loads a target from a route's path parameters. `generation` is the request's access generation: what the loader
 * reads through caches kept under it (projects, components, languages) is as current as the request's caller.
 * Without one, everything is read from the database.
 */
export type LoadTarget = (params: Record<string, string>, generation?: string) => Promise<LoadedTarget | null>;

/** Finds the object a route's path names; each module registers the loader of the kinds it owns. */
@Injectable()
export class TargetLoader {
  private readonly loaders = new Map<TargetKind, LoadTarget>();

  register(kind: TargetKind, load: LoadTarget): void {
    if (this.loaders.has(kind)) throw new Error(`a loader for ${kind} targets is already registered`);
    this.loaders.set(kind, load);
  }

  load(kind: TargetKind, params: Record<string, string>, generation?: string): Promise<LoadedTarget | null> {
    const load = this.loaders.get(kind);
    if (!load) throw new Error(`no loader registered for ${kind} targets`);
    return load(params, generation);
  }
}

const TARGET = Symbol('target');

export function setTarget(req: Request, target: LoadedTarget): void {
  (req as unknown as Record<symbol, LoadedTarget>)[TARGET] = target;
}

/** The object the policy guard loaded and checked for this request, so the handler does not load it again. */
export const Target = createParamDecorator((_data: unknown, ctx: ExecutionContext): unknown => {
  const target = (ctx.switchToHttp().getRequest<Request>() as unknown as Record<symbol, LoadedTarget | undefined>)[TARGET];
  if (!target) throw new Error('@Target() used on a route whose policy names no target');
  return target.entity;
});
