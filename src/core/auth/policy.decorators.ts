import { SetMetadata } from '@nestjs/common';

/** How a route decides who may call it. Every handler declares exactly one; a handler with none is a bug. */
export type AccessPolicy =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'superuser' };

export const ACCESS_POLICY = 'accessPolicy';

/** Anonymous callers allowed (unless REQUIRE_LOGIN); what they may see is still filtered by visibility. */
export const Public = () => SetMetadata(ACCESS_POLICY, { kind: 'public' } satisfies AccessPolicy);

/** Any signed-in caller. */
export const Authenticated = () => SetMetadata(ACCESS_POLICY, { kind: 'authenticated' } satisfies AccessPolicy);

/** Site administrators only. */
export const Superuser = () => SetMetadata(ACCESS_POLICY, { kind: 'superuser' } satisfies AccessPolicy);
