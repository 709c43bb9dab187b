import { Injectable, NestMiddleware } from '@nestjs/common';
import { json, NextFunction, Request, Response, urlencoded } from 'express';
import { ParseError, PayloadTooLargeError } from '../errors/domain-error';
import { requestContext } from './request-context';
import { assertDictionaryBody, BODY_MAX_BYTES, JSON_MAX_DEPTH, jsonNestingDepth } from './request-body-shape';

/**
 * The body-parsing layer for JSON and form-urlencoded bodies: both end up as a plain `req.body`, so DTOs never
 * care which one a client sent. Multipart bodies are not read here: they are parsed after the guards (see
 * multipart.ts), so a caller the policy refuses never has theirs read. Parser failures become our
 * own errors, so they reach the exception filter and get a `detail`.
 */
type Parser = (req: Request, res: Response, next: (error?: unknown) => void) => void;

function parsers(limit: number): Parser[] {
  return [
    json({ limit, strict: false, type: ['application/json', 'application/*+json'], verify: refuseDeepJson }),
    urlencoded({ limit, extended: false, parameterLimit: 5000 }),
  ];
}

@Injectable()
export class BodyParsingMiddleware implements NestMiddleware {
  private readonly signedIn = parsers(BODY_MAX_BYTES.signedIn);
  // A larger declared body is refused (413) before it is read.
  private readonly anonymous = parsers(BODY_MAX_BYTES.anonymous);

  use(req: Request, res: Response, next: NextFunction): void {
    // Notification hooks read their own body: a JSON payload or a form's `payload` field, answered with
    // Weblate's hook messages and a size limit of their own.
    if (req.path.startsWith('/hooks/')) return next();
    const chain = requestContext(req).user.isAnonymous ? this.anonymous : this.signedIn;
    const run = (index: number): void => {
      if (index === chain.length) return next(checkBody(req));
      chain[index](req, res, (error?: unknown) => (error ? next(translateParserError(error)) : run(index + 1)));
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
  const parserError = error as { type?: string; message?: string; status?: number };
  if (parserError.type === 'entity.too.large') return new PayloadTooLargeError('Request body is too large.');
  if (parserError.type === 'entity.parse.failed') return new ParseError(`JSON parse error - ${parserError.message}`);
  if (parserError.status && parserError.status >= 400 && parserError.status < 500) {
    return new ParseError(parserError.message ?? 'Malformed request body.');
  }
  return error;
}
