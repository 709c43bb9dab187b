import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { requestContext } from './request-context';
import { RouteTable } from './route-table';
import { sendBody } from './send-body';

/**
 * Sets `Allow` on every response of a known path, and answers OPTIONS itself with the metadata Weblate's
 * REST framework returns (name, renders, parses), since no handler exists for it.
 */
@Injectable()
export class AllowHeaderMiddleware implements NestMiddleware {
  constructor(@Inject(RouteTable) private readonly routes: RouteTable) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const allowed = this.routes.allowedMethods(req.path);
    if (allowed.length > 0) res.setHeader('Allow', allowed.join(', '));
    if (req.method !== 'OPTIONS' || allowed.length === 0) return next();
    sendBody(req, res, 200, {
      name: describe(req.path),
      description: '',
      renders: ['application/json', 'text/html'],
      parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
    }, requestContext(req).format);
  }
}

/** `/api/languages/cs/` → "Languages Cs": the view name the browsable API shows. */
function describe(path: string): string {
  const segments = path.split('/').filter((segment) => segment && segment !== 'api');
  if (segments.length === 0) return 'Api Root';
  return segments.map((segment) => decodeURIComponent(segment).replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase())).join(' ');
}
