import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { PermissionService } from '../permission.service';
import { Permission, ProjectPermission, REPOSITORY_OPERATIONS } from '../permissions.data';
import { PermissionScope, UserPermissions } from '../user-permissions';
import { AppConfig } from '../../config/app-config';
import { NotAuthenticatedError, NotFoundError, PermissionDeniedError, ValidationError } from '../../core/errors/domain-error';
import { requestContext } from '../../core/http/request-context';
import { ACCESS_POLICY, AccessPolicy } from './policy.decorators';
import { LoadedTarget, setTarget, TargetKind, TargetLoader } from './target';
import { MESSAGES } from '../../core/validation/field-rules';

class MissingPolicyError extends Error {}

/**
 * Enforces the policy each route declares, and refuses to serve a route that declares none. 404 versus
 * 403 is decided here only: what the caller cannot see is 404; what they see but may not do is 403 (401
 * for anonymous callers, who may be allowed once signed in).
 */
@Injectable()
export class PolicyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AppConfig) private readonly config: AppConfig,
    @Inject(PermissionService) private readonly permissions: PermissionService,
    @Inject(TargetLoader) private readonly targets: TargetLoader,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const policy = this.reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [context.getHandler(), context.getClass()]);
    if (!policy) {
      throw new MissingPolicyError(`${context.getClass().name}.${context.getHandler().name} declares no access policy`);
    }
    if (policy.kind === 'open') return true;
    const req = context.switchToHttp().getRequest<Request>();
    const { user } = requestContext(req);
    if (user.isAnonymous && this.config.requireLogin) throw new NotAuthenticatedError();
    const denied = () => (user.isAnonymous ? new NotAuthenticatedError() : new PermissionDeniedError());
    switch (policy.kind) {
      case 'public':
        return true;
      case 'authenticated':
        if (user.isAnonymous) throw new NotAuthenticatedError();
        return true;
      case 'site-permission':
        if (!(await this.permissions.forRequest(req)).hasSite(policy.permission)) throw denied();
        return true;
      case 'view':
        await this.visibleTarget(req, policy.target);
        return true;
      case 'permission':
      case 'repository-operation': {
        // Visibility first, so an invisible object is 404 whatever the body says.
        const { scope, permissions } = await this.visibleTarget(req, policy.target);
        const permission = policy.kind === 'permission' ? policy.permission : operationPermission(req.body);
        if (!scope) throw new Error(`a ${policy.kind} policy was given a site-level ${policy.target}`);
        if (!permissions.can(permission, scope)) throw denied();
        return true;
      }
      case 'manage': {
        const { scope, permissions, manage } = await this.visibleTarget(req, policy.target);
        if (!manage) throw new Error(`the ${policy.target} loader names no permission to manage it`);
        if (!(scope ? permissions.can(manage, scope) : permissions.hasSite(manage))) throw denied();
        return true;
      }
    }
  }

  /** Guards run before pipes: the guard loads the target itself and hands it on, so nothing loads it twice. */
  private async visibleTarget(req: Request, kind: TargetKind): Promise<{ scope: PermissionScope | null; permissions: UserPermissions; manage?: Permission }> {
    const generation = await this.permissions.generationOf(req);
    // Independent reads, in flight together: the target comes from caches more often than not, the grants too.
    const [target, permissions] = await Promise.all([this.targets.load(kind, req.params as Record<string, string>, generation), this.permissions.forRequest(req)]);
    if (!target || !canSee(permissions, target)) throw new NotFoundError();
    setTarget(req, target);
    return { scope: target.scope, permissions, manage: target.manage };
  }
}

/** A site-level object is seen by those who may manage it; any other by those who see its project (and component). */
function canSee(permissions: UserPermissions, target: LoadedTarget): boolean {
  if (target.scope) return permissions.canSee(target.scope);
  return target.manage !== undefined && permissions.hasSite(target.manage);
}

function operationPermission(body: unknown): ProjectPermission {
  const operation = (body as { operation?: unknown } | undefined)?.operation;
  if (operation === undefined || operation === '') throw ValidationError.field('operation', MESSAGES.required, 'required');
  const permission = typeof operation === 'string' ? REPOSITORY_OPERATIONS[operation] : undefined;
  if (!permission) throw ValidationError.field('operation', MESSAGES.choice({ value: operation }), 'invalid_choice');
  return permission;
}
