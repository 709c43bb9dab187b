import { QueryFailedError } from 'typeorm';

/** The SQLSTATE codes the code reacts to (PostgreSQL documentation, appendix A). */
export const PG_ERROR = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  invalidRegularExpression: '2201B',
  /** statement_timeout (DB_STATEMENT_TIMEOUT_MS) ended the statement. */
  queryCanceled: '57014',
} as const;

/** The SQLSTATE of a statement PostgreSQL refused, or undefined for any other error. */
export function pgErrorCode(error: unknown): string | undefined {
  return error instanceof QueryFailedError ? (error.driverError as { code?: string } | undefined)?.code : undefined;
}

export function isPgError(error: unknown, code: string): error is QueryFailedError {
  return pgErrorCode(error) === code;
}
