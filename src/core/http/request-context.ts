import type { Request } from 'express';
import type { UrlBuilder } from '../urls/url-builder';

/** What the core middleware learn about a request, kept on it for guards, decorators and the error filter. */
export interface RequestContext {
  requestId: string;
  urls: UrlBuilder;
  /** Absolute URL of this request, the base for pagination links. */
  currentUrl: URL;
  format: ResponseFormat;
  defaultPageSize: number;
  /** The authenticated user, or the anonymous user (the users module's `User`; see `currentUser()` there). */
  user: RequestUser;
  /** The project a project-scoped (wlp_) key is limited to; null for personal keys and anonymous calls. */
  tokenProjectId: number | null;
  /**
   * The access generation the authenticator read with the caller (a number that grows with every committed change
   * to groups, roles and memberships), so permissions cached under it are known current; null when not read.
   */
  accessGeneration: string | null;
}

/** `openmetrics` only where a route offers it (the metrics). */
export type ResponseFormat = 'json' | 'api' | 'openmetrics';

/** What core needs to know of the caller; the request authenticator puts the full user here. */
interface RequestUser {
  id: number;
  isAnonymous: boolean;
  isSuperuser: boolean;
}

/** Turns an `Authorization` header into the caller; provided by the users module (`REQUEST_AUTHENTICATOR`). */
export interface RequestAuthenticator {
  authenticate(authorization: string | undefined): Promise<{ user: RequestUser; tokenProjectId: number | null; accessGeneration: string | null }>;
}

export const REQUEST_AUTHENTICATOR = Symbol('RequestAuthenticator');

const CONTEXT = Symbol('requestContext');

export function setRequestContext(req: Request, context: RequestContext): void {
  (req as unknown as Record<symbol, RequestContext>)[CONTEXT] = context;
}

export function requestContext(req: Request): RequestContext {
  const context = (req as unknown as Record<symbol, RequestContext | undefined>)[CONTEXT];
  if (!context) throw new Error('request context missing: the core middleware did not run for this route');
  return context;
}

/** For the error filter, which must also answer requests that failed before the context was complete. */
export function partialRequestContext(req: Request): Partial<RequestContext> {
  return (req as unknown as Record<symbol, RequestContext | undefined>)[CONTEXT] ?? {};
}
