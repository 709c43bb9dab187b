import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { requestContext } from '../http/request-context';
import type { UrlBuilder } from './url-builder';

/** The UrlBuilder for this request's public base URL. */
export const Urls = createParamDecorator((_data: unknown, ctx: ExecutionContext): UrlBuilder => {
  return requestContext(ctx.switchToHttp().getRequest<Request>()).urls;
});
