import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { DisallowedHostError, NotFoundError } from '../errors/domain-error';
import { UrlBuilder } from '../urls/url-builder';
import { isAllowedHost } from './allowed-hosts';
import { assertNoNullCharacterInUrl } from './request-body-shape';
import { RequestContext, ResponseFormat, setRequestContext } from './request-context';

const FORMATS: ResponseFormat[] = ['json', 'api'];

/**
 * Gives every request its id, public base URL (SITE_URL, else the request's host, which ALLOWED_HOSTS must name)
 * and response format. The format comes from `?format=`, else from `Accept` (a browser asking for HTML gets the
 * browsable page), as in Weblate's REST framework.
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const requestId = (req as Request & { id?: string }).id?.toString() ?? randomUUID();
    res.setHeader('X-Request-Id', requestId);
    const { allowedHosts } = this.config;
    // Refused before anything is built from it; the error filter answers without a context.
    if (allowedHosts !== null && !isAllowedHost(req.host, allowedHosts)) return next(new DisallowedHostError(req.host));
    const base = this.config.siteUrl ?? `${req.protocol}://${req.host}`;
    const context: Partial<RequestContext> = {
      requestId,
      urls: new UrlBuilder(base),
      currentUrl: new URL(req.originalUrl, `${base}/`),
      format: 'json',
      defaultPageSize: this.config.pageSize,
    };
    setRequestContext(req, context as RequestContext);
    try {
      assertNoNullCharacterInUrl(req.originalUrl);
    } catch (error) {
      return next(error);
    }
    // On file downloads (`.../file/`, the memory's `download/`) and exports (`/exports/…`) `format` names a file format, not a response
    // format: the handler decides, and the answer is the file itself (errors stay JSON), never the browsable page.
    if (handlerChoosesFormat(context.currentUrl!.pathname)) return next();
    const requested = req.query.format;
    if (requested !== undefined) {
      if (typeof requested !== 'string' || !FORMATS.includes(requested as ResponseFormat)) {
        return next(new NotFoundError(`Unsupported format "${String(requested)}"; use json or api.`));
      }
      context.format = requested as ResponseFormat;
    } else if (prefersHtml(req.get('accept'))) {
      context.format = 'api';
    }
    next();
  }
}

function handlerChoosesFormat(pathname: string): boolean {
  return (pathname.startsWith('/api/') && /\/file\/?$/.test(pathname)) || /^\/api\/memory\/download\/?$/.test(pathname) || pathname.startsWith('/exports/');
}

function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const first = accept.split(',')[0].trim().toLowerCase();
  return first.startsWith('text/html');
}
