import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { REQUEST_AUTHENTICATOR, RequestAuthenticator, requestContext } from '../http/request-context';

/** Resolves the caller (a user, a project bot, or the anonymous user) before guards run. */
@Injectable()
export class TokenAuthMiddleware implements NestMiddleware {
  constructor(@Inject(REQUEST_AUTHENTICATOR) private readonly authentication: RequestAuthenticator) {}

  use(req: Request, _res: Response, next: NextFunction): void {
    this.authentication.authenticate(req.get('authorization')).then(
      ({ user, tokenProjectId, accessGeneration }) => {
        Object.assign(requestContext(req), { user, tokenProjectId, accessGeneration });
        next();
      },
      next,
    );
  }
}
