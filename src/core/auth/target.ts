import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { PermissionScope } from '../../auth/user-permissions';

/** The kinds of object a route can act on, found from its path parameters. */
export type TargetKind = 'project';

export interface LoadedTarget {
  scope: PermissionScope;
  entity: unknown;
}

/** Finds the object a route's path names; provided by the module that owns that kind of object. */
export abstract class TargetLoader {
  abstract load(kind: TargetKind, params: Record<string, string>): Promise<LoadedTarget | null>;
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
