/** One field problem in a validation error body. `attr` is the field path, or null for the whole request. */
export interface FieldError {
  code: string;
  detail: string;
  attr: string | null;
}

/**
 * The base of every error the application raises on purpose. The exception filter is the only place that
 * turns these into HTTP responses.
 */
export abstract class DomainError extends Error {
  abstract readonly status: number;
  abstract readonly code: string;

  constructor(readonly detail: string) {
    super(detail);
  }
}

export class NotFoundError extends DomainError {
  readonly status = 404;
  readonly code = 'not_found';

  constructor(detail = 'Not found.') {
    super(detail);
  }
}

export class PermissionDeniedError extends DomainError {
  readonly status = 403;
  readonly code = 'permission_denied';

  constructor(detail = 'You do not have permission to perform this action.') {
    super(detail);
  }
}

export class NotAuthenticatedError extends DomainError {
  readonly status = 401;
  readonly code = 'not_authenticated';

  constructor(detail = 'Authentication credentials were not provided.') {
    super(detail);
  }
}

export class AuthenticationFailedError extends DomainError {
  readonly status = 401;
  readonly code = 'authentication_failed';
}

export class MethodNotAllowedError extends DomainError {
  readonly status = 405;
  readonly code = 'method_not_allowed';

  constructor(method: string) {
    super(`Method "${method}" not allowed.`);
  }
}

export class ParseError extends DomainError {
  readonly status = 400;
  readonly code = 'parse_error';
}

/** The request names a host the server does not answer for (ALLOWED_HOSTS), as Django's DisallowedHost. */
export class DisallowedHostError extends DomainError {
  readonly status = 400;
  readonly code = 'disallowed_host';

  constructor(host: string | undefined) {
    super(`Invalid Host header ${JSON.stringify((host ?? '').slice(0, 100))}: add it to ALLOWED_HOSTS, or set SITE_URL.`);
  }
}

export class PayloadTooLargeError extends DomainError {
  readonly status = 413;
  readonly code = 'payload_too_large';
}

/** The client did not send its body in time. */
export class RequestTimeoutError extends DomainError {
  readonly status = 408;
  readonly code = 'request_timeout';
}

export class ThrottledError extends DomainError {
  readonly status = 429;
  readonly code = 'throttled';

  constructor(
    readonly retryAfterSeconds: number,
    detail = `Request was throttled. Expected available in ${retryAfterSeconds} seconds.`,
  ) {
    super(detail);
  }
}

/**
 * The server cannot do it now: the database gave up on a statement (statement_timeout), could not be reached,
 * or aborted the transaction again and again; the server is busy, or the request asks too much. With
 * `retryAfterSeconds`, the answer says when to try again (`Retry-After`).
 */
export class ServiceUnavailableError extends DomainError {
  readonly status = 503;
  readonly code = 'service_unavailable';

  constructor(detail = 'The request took too long and was cancelled; try again later or ask for less.', readonly retryAfterSeconds?: number) {
    super(detail);
  }
}

/** A 400 with one entry per field problem; `detail` repeats the first for clients that read only that. */
export class ValidationError extends DomainError {
  readonly status = 400;
  readonly code = 'invalid';

  constructor(readonly errors: FieldError[]) {
    super(errors.map((error) => (error.attr ? `${error.attr}: ${error.detail}` : error.detail)).join(' '));
  }

  static field(attr: string | null, detail: string, code = 'invalid'): ValidationError {
    return new ValidationError([{ code, detail, attr }]);
  }
}
