import { QueryFailedError } from 'typeorm';

/** The SQLSTATE codes the code reacts to (PostgreSQL documentation, appendix A). */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  invalidRegularExpression: '2201B',
  /** statement_timeout (DB_STATEMENT_TIMEOUT_MS) ended the statement. */
  queryCanceled: '57014',
  serializationFailure: '40001',
  deadlockDetected: '40P01',
} as const;

/** The SQLSTATE of a statement PostgreSQL refused, or undefined for any other error. */
export function pgErrorCode(error: unknown): string | undefined {
  return error instanceof QueryFailedError ? (error.driverError as { code?: string } | undefined)?.code : undefined;
}

export function isPgError(error: unknown, code: string): error is QueryFailedError {
  return pgErrorCode(error) === code;
}

/** A transaction PostgreSQL aborted only because of others running at once: the same work, run again, may pass. */
export function isTransientConflict(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === PG_ERROR.serializationFailure || code === PG_ERROR.deadlockDetected;
}

/**
 * SQLSTATEs of a server going away or refusing sessions: admin_shutdown, crash_shutdown, cannot_connect_now, and
 * class 08 (connection exceptions).
 */
const UNAVAILABLE_SQLSTATE = /^(57P0[1-3]|08...)$/;

/** What node-postgres and the socket report when there is no server to talk to, or the connection broke. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /is not queryable/];

/**
 * TypeORM's refusals to go on with a query runner whose connection was released: in a request, the connection
 * broke beneath a transaction (its server went away) and the transaction gave it up.
 */
const RELEASED_RUNNER_ERRORS = new Set(['QueryRunnerAlreadyReleasedError', 'QueryRunnerProviderAlreadyReleasedError']);

/** The database could not be reached or dropped the connection: nothing the request did, and worth trying later. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const cause = error instanceof QueryFailedError ? error.driverError : error;
  if (!(cause instanceof Error)) return false;
  if (RELEASED_RUNNER_ERRORS.has(cause.name)) return true;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_SOCKET_CODES.has(code))) return true;
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(cause.message));
}
