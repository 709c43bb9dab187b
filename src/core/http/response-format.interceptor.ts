import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { renderBrowsableApi } from './browsable-api';
import { requestContext } from './request-context';

/** Renders handler results as the browsable HTML page when `?format=api` (or a browser) asked for it. */
@Injectable()
export class ResponseFormatInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    if (requestContext(req).format !== 'api') return next.handle();
    return next.handle().pipe(
      map((body: unknown) => {
        res.type('html');
        return renderBrowsableApi({ method: req.method, path: req.originalUrl, status: res.statusCode, allow: res.get('Allow'), body });
      }),
    );
  }
}
