import { createParamDecorator, ExecutionContext, Injectable, PipeTransform } from '@nestjs/common';
import type { Request } from 'express';
import { currentUser } from '../../users/current-user';
import type { User } from '../../users/user.entity';
import { PermissionService } from '../permission.service';
import type { UserPermissions } from '../user-permissions';

/** Who is calling, with what they may do: for the object checks services make beyond the route's policy. */
export interface Actor {
  user: User;
  permissions: UserPermissions;
}

/** Resolves the caller with their permissions (PermissionService loads them once per request). */
@Injectable()
class ActorPipe implements PipeTransform<Request, Promise<Actor>> {
  constructor(private readonly permissions: PermissionService) {}

  async transform(req: Request): Promise<Actor> {
    return { user: currentUser(req), permissions: await this.permissions.forRequest(req) };
  }
}

const RequestParam = createParamDecorator((_data: unknown, ctx: ExecutionContext) => ctx.switchToHttp().getRequest<Request>());

/** The caller and their permissions, as a handler parameter. */
export const CurrentActor = () => RequestParam(ActorPipe);
