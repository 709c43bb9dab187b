import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Inject, Logger, NotFoundException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isDatabaseUnavailable, isTransientConflict, PG_ERROR, pgErrorCode } from '../../database/pg-error';
import { isRedisUnavailable, REDIS_UNAVAILABLE } from '../../redis/redis-error';
import { VcsError, type VcsErrorCode } from '../../vcs';
import { partialRequestContext } from '../http/request-context';
import { RouteTable } from '../http/route-table';
import { sendBody } from '../http/send-body';
import {
  DomainError,
  FieldError,
  MethodNotAllowedError,
  NotFoundError,
  ServiceUnavailableError,
  ThrottledError,
  ValidationError,
} from './domain-error';

/** Error codes for statuses raised by Nest itself rather than by our code. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'invalid',
  401: 'not_authenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'throttled',
};

/** PostgreSQL errors that a client's input can cause; anything else from the database is a server error. */
const CLIENT_SQL_ERRORS: Record<string, string> = {
  [PG_ERROR.uniqueViolation]: 'This value is already in use.',
  '22P02': 'Invalid value.',
  '22001': 'Value is too long.',
  '22003': 'Number is out of range.',
};

/**
 * The only place that knows how errors look on the wire: every non-2xx body has `detail`, plus the
 * `type`/`errors` list newer Weblate clients read.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('http');

  constructor(@Inject(RouteTable) private readonly routes: RouteTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const req = host.switchToHttp().getRequest<Request>();
    const res = host.switchToHttp().getResponse<Response>();
    const context = partialRequestContext(req);
    const error = this.classify(exception, req);
    if (res.headersSent) {
      this.logger.error({ requestId: context.requestId, err: exception }, 'error after the response started');
      return;
    }
    if ((error instanceof ThrottledError || error instanceof ServiceUnavailableError) && error.retryAfterSeconds !== undefined) {
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
    }
    if (error.status >= 500) this.logger.error({ requestId: context.requestId, err: exception }, `unhandled error on ${req.method} ${req.originalUrl}`);
    sendBody(req, res, error.status, errorBody(error), context.format ?? 'json');
  }

  private classify(exception: unknown, req: Request): DomainError {
    if (exception instanceof DomainError) return exception;
    if (exception instanceof NotFoundException && /^Cannot [A-Z]+ /.test(exception.message)) {
      // Nest's router found no handler: either the path is unknown, or it exists for other methods.
      return this.routes.allowedMethods(req.path).length > 0 ? new MethodNotAllowedError(req.method) : new NotFoundError();
    }
    if (exception instanceof HttpException) return fromHttpException(exception);
    if (exception instanceof VcsError) return fromVcsError(exception);
    const code = pgErrorCode(exception);
    if (code && CLIENT_SQL_ERRORS[code]) return ValidationError.field(null, CLIENT_SQL_ERRORS[code], code === PG_ERROR.uniqueViolation ? 'unique' : 'invalid');
    if (code === PG_ERROR.queryCanceled) return new ServiceUnavailableError();
    // Still a deadlock after the retries of retryingTransaction, or no database: the client may simply try again.
    if (isTransientConflict(exception)) return new ServiceUnavailableError('The database was busy with conflicting changes; try again.', 1);
    if (isDatabaseUnavailable(exception)) return new ServiceUnavailableError('The database is unavailable; try again later.', 5);
    if (isRedisUnavailable(exception)) return new ServiceUnavailableError(REDIS_UNAVAILABLE, 5);
    return new ServerError();
  }
}

class ServerError extends DomainError {
  readonly status = 500;
  readonly code = 'error';

  constructor() {
    super('A server error occurred.');
  }
}

/** An error known only by its status: Nest's own exceptions, and what the HTTP parser refuses (client-errors.ts). */
export class HttpStatusError extends DomainError {
  constructor(readonly status: number, readonly code: string, detail: string) {
    super(detail);
  }
}

function fromHttpException(exception: HttpException): DomainError {
  const status = exception.getStatus();
  const response = exception.getResponse();
  const message = typeof response === 'string' ? response : (response as { message?: unknown }).message;
  const detail = Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : exception.message;
  return new HttpStatusError(status, CODE_BY_STATUS[status] ?? (status >= 500 ? 'error' : 'invalid'), detail);
}

/**
 * A working-copy failure no service turned into its own answer: what the repository holds or refuses is the
 * client's to fix (a path through a link, a conflict), what its server does is a bad gateway. Messages are safe to
 * show: the vcs library builds them from redacted URLs.
 */
const VCS_STATUS: Record<VcsErrorCode, [number, string]> = {
  invalid_path: [400, 'invalid'],
  forbidden_url: [400, 'invalid'],
  unsupported_url: [400, 'invalid'],
  not_found: [404, 'not_found'],
  no_repository: [404, 'not_found'],
  local_changes: [409, 'conflict'],
  merge_failed: [409, 'conflict'],
  push_rejected: [409, 'conflict'],
  auth_failed: [502, 'bad_gateway'],
  clone_failed: [502, 'bad_gateway'],
  fetch_failed: [502, 'bad_gateway'],
  push_failed: [502, 'bad_gateway'],
  git_failed: [502, 'bad_gateway'],
};

function fromVcsError(error: VcsError): DomainError {
  const [status, code] = VCS_STATUS[error.code];
  return new HttpStatusError(status, code, error.message);
}

export function errorBody(error: DomainError): { type: string; errors: FieldError[]; detail: string } {
  if (error instanceof ValidationError) return { type: 'validation_error', errors: error.errors, detail: error.detail };
  return {
    type: error.status >= 500 ? 'server_error' : 'client_error',
    errors: [{ code: error.code, detail: error.detail, attr: null }],
    detail: error.detail,
  };
}
