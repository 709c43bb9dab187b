import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { requestContext } from '../http/request-context';

/** Whom budgets count against: a signed-in user, or the client IP of an anonymous caller (see TRUST_PROXY). */
export function clientKey(req: Request): string {
  const { user } = requestContext(req);
  return user.isAnonymous ? `ip:${req.ip}` : `user:${user.id}`;
}

/** The caller's client key, as a handler parameter. */
export const ClientKey = createParamDecorator((_data: unknown, ctx: ExecutionContext): string => clientKey(ctx.switchToHttp().getRequest<Request>()));
