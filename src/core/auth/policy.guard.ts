import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { PermissionService } from '../../auth/permission.service';
import { AppConfig } from '../../config/app-config';
import { NotAuthenticatedError, NotFoundError, PermissionDeniedError } from '../errors/domain-error';
import { requestContext } from '../http/request-context';
import { ACCESS_POLICY, AccessPolicy } from './policy.decorators';
import { setTarget, TargetLoader } from './target';

export class MissingPolicyError extends Error {}

/** Enforces the policy each route declares, and refuses to serve a route that declares none. */
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
    const req = context.switchToHttp().getRequest<Request>();
    const { user } = requestContext(req);
    const anonymousAllowed = (policy.kind === 'public' || policy.kind === 'view') && !this.config.requireLogin;
    if (user.isAnonymous && !anonymousAllowed) throw new NotAuthenticatedError();
    if (policy.kind === 'superuser' && !user.isSuperuser) throw new PermissionDeniedError();
    if (policy.kind === 'site-permission' && !(await this.permissions.forRequest(req)).hasSite(policy.permission)) {
      throw new PermissionDeniedError();
    }
    if (policy.kind === 'view' || policy.kind === 'permission') {
      // Guards run before pipes: the guard loads the target itself and hands it on, so nothing loads it twice.
      const target = await this.targets.load(policy.target, req.params as Record<string, string>);
      const permissions = await this.permissions.forRequest(req);
      if (!target || !permissions.canSee(target.scope)) throw new NotFoundError();
      if (policy.kind === 'permission' && !permissions.can(policy.permission, target.scope)) throw new PermissionDeniedError();
      setTarget(req, target);
    }
    return true;
  }
}
