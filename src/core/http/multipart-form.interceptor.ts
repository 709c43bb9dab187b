import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import multer from 'multer';
import { Observable } from 'rxjs';
import { parseMultipart, takesUploads } from './multipart';
import { requestContext } from './request-context';
import { assertDictionaryBody, BODY_MAX_BYTES } from './request-body-shape';

/** More fields than any write route has, each as large as a unit's longest plural form may be in UTF-8. */
const FORM_LIMITS = { fields: 100, fieldSize: 1024 * 1024 };

/**
 * Global: on a route that takes no files, a multipart body is a plain form, as in Weblate's REST framework
 * (clients send `curl -F`, `requests(files=…)` and browser `FormData` that way), so its fields reach the DTOs
 * exactly as a form-urlencoded body's would. It is read here, after the guards, so a caller the rate limit or the
 * policy refuses never has it read; within the body limits of body-parsing.middleware.ts; a file part is a 400
 * naming its field.
 */
@Injectable()
export class MultipartFormInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.is('multipart/form-data') || takesUploads(this.reflector, context)) return next.handle();
    const maxBytes = requestContext(req).user.isAnonymous ? BODY_MAX_BYTES.anonymous : BODY_MAX_BYTES.signedIn;
    const fieldsOnly = multer({ limits: { ...FORM_LIMITS, files: 1, parts: FORM_LIMITS.fields + 1 } }).none();
    await parseMultipart(req, context.switchToHttp().getResponse<Response>(), fieldsOnly, maxBytes);
    req.body = { ...req.body };
    assertDictionaryBody(req.body);
    return next.handle();
  }
}
