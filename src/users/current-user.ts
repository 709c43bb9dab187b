import type { Request } from 'express';
import { requestContext } from '../core/http/request-context';
import { User } from './user.entity';

/**
 * The caller as a full user. Core knows the caller only as `RequestUser`; the authenticator it runs is this module's
 * `AuthenticationService`, which always stores a `User` (the anonymous one included).
 */
export function currentUser(req: Request): User {
  const { user } = requestContext(req);
  if (!(user instanceof User)) throw new Error('the request authenticator stored a caller that is not a User');
  return user;
}
