import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import { json, NextFunction, Request, Response, urlencoded } from 'express';
import multer, { MulterError } from 'multer';
import { AppConfig } from '../../config/app-config';
import { ParseError, PayloadTooLargeError } from '../errors/domain-error';
import { assertDictionaryBody, JSON_MAX_DEPTH, jsonNestingDepth } from './request-body-shape';

/** An uploaded file of a multipart request, by field name. */
export type UploadedFiles = Record<string, Express.Multer.File>;

const FILES = Symbol('uploadedFiles');

export function uploadedFiles(req: Request): UploadedFiles {
  return (req as unknown as Record<symbol, UploadedFiles | undefined>)[FILES] ?? {};
}

/**
 * The single body-parsing layer: JSON, form-urlencoded and multipart all end up as a plain `req.body`, so
 * DTOs never care which one a client sent; multipart files are kept aside by field name. Parser failures
 * become our own errors, so they reach the exception filter and get a `detail`.
 */
@Injectable()
export class BodyParsingMiddleware implements NestMiddleware {
  private readonly parsers: ((req: Request, res: Response, next: (error?: unknown) => void) => void)[];

  constructor(@Inject(AppConfig) config: AppConfig) {
    const upload = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: config.uploadMaxBytes, files: 10, fields: 200, fieldSize: 1024 * 1024 },
    }).any();
    this.parsers = [
      json({ limit: '10mb', strict: false, type: ['application/json', 'application/*+json'], verify: refuseDeepJson }),
      urlencoded({ limit: '10mb', extended: false, parameterLimit: 5000 }),
      (req, res, next) => {
        if (!req.is('multipart/form-data')) return next();
        upload(req, res, (error?: unknown) => {
          if (error) return next(error);
          const files = (req.files as Express.Multer.File[] | undefined) ?? [];
          (req as unknown as Record<symbol, UploadedFiles>)[FILES] = Object.fromEntries(files.map((file) => [file.fieldname, file]));
          next();
        });
      },
    ];
  }

  use(req: Request, res: Response, next: NextFunction): void {
    // Notification hooks read their own body: a JSON payload or a form's `payload` field, answered with
    // Weblate's hook messages and a size limit of their own.
    if (req.path.startsWith('/hooks/')) return next();
    const run = (index: number): void => {
      if (index === this.parsers.length) return next(checkBody(req));
      this.parsers[index](req, res, (error?: unknown) => (error ? next(translateParserError(error)) : run(index + 1)));
    };
    run(0);
  }
}

function refuseDeepJson(_req: Request, _res: Response, body: Buffer): void {
  if (jsonNestingDepth(body, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) {
    throw Object.assign(new Error(`JSON parse error - nesting deeper than ${JSON_MAX_DEPTH} levels.`), { status: 400 });
  }
}

/** No body at all is an empty dictionary; a body that was sent must be one. Returns the error to pass on, if any. */
function checkBody(req: Request): unknown {
  if (req.body === undefined) {
    req.body = {};
    return undefined;
  }
  try {
    assertDictionaryBody(req.body);
    return undefined;
  } catch (error) {
    return error;
  }
}

function translateParserError(error: unknown): unknown {
  if (error instanceof MulterError) {
    return error.code === 'LIMIT_FILE_SIZE'
      ? new PayloadTooLargeError(`Uploaded file "${error.field}" is too large.`)
      : new ParseError(`Multipart form parse error - ${error.message}`);
  }
  const parserError = error as { type?: string; message?: string; status?: number };
  if (parserError.type === 'entity.too.large') return new PayloadTooLargeError('Request body is too large.');
  if (parserError.type === 'entity.parse.failed') return new ParseError(`JSON parse error - ${parserError.message}`);
  if (parserError.status && parserError.status >= 400 && parserError.status < 500) {
    return new ParseError(parserError.message ?? 'Malformed request body.');
  }
  if (error instanceof Error && /multipart|boundary/i.test(error.message)) return new ParseError(`Multipart form parse error - ${error.message}`);
  return error;
}
