import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import { map, Observable } from 'rxjs';
import { renderBrowsableApi } from './browsable-api';
import { JsonText } from './json-text';
import { requestContext } from './request-context';

/**
 * Renders handler results as the browsable HTML page when `?format=api` (or a browser) asked for it, and sends a
 * body already written as JSON (`JsonText`) as it is.
 */
@Injectable()
export class ResponseFormatInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    const browsable = requestContext(req).format === 'api';
    return next.handle().pipe(
      map((body: unknown) => {
        if (!browsable) {
          if (!(body instanceof JsonText)) return body;
          res.type('json');
          return body.text;
        }
        res.type('html');
        const value = body instanceof JsonText ? (JSON.parse(body.text) as unknown) : body;
        return renderBrowsableApi({ method: req.method, path: req.originalUrl, status: res.statusCode, allow: res.get('Allow'), body: value });
      }),
    );
  }
}
