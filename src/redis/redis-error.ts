/** Redis holds the rate limits and the task queue: without it no request is counted and no task queued. */
export const REDIS_UNAVAILABLE = 'Redis (rate limits and the task queue) is unavailable; try again later.';

/**
 * ioredis gave up on a command because Redis cannot be reached: after `maxRetriesPerRequest` reconnections
 * (MaxRetriesPerRequestError), or on a connection that closed or is not writable. Nothing the request did, and
 * worth trying later.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'MaxRetriesPerRequestError' || /^Connection is closed|^Stream isn't writeable/.test(error.message);
}
