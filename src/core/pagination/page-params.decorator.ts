import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { requestContext } from '../http/request-context';
import { LIST_LIMITS, PageLimits, PageRequest, parsePageRequest } from './page';

/** The page a list handler must return, from `page`/`page_size` within the endpoint's limits. */
export const PageParams = createParamDecorator((limits: PageLimits | undefined, ctx: ExecutionContext): PageRequest => {
  const context = requestContext(ctx.switchToHttp().getRequest<Request>());
  return parsePageRequest(context.currentUrl, limits ?? LIST_LIMITS, context.defaultPageSize);
});
