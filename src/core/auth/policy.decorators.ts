import { SetMetadata } from '@nestjs/common';
import type { SitePermission } from '../../auth/permissions.data';

/** How a route decides who may call it. Every handler declares exactly one; a handler with none is a bug. */
export type AccessPolicy =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'superuser' }
  | { kind: 'site-permission'; permission: SitePermission };

export const ACCESS_POLICY = 'accessPolicy';

/** Anonymous callers allowed (unless REQUIRE_LOGIN); what they may see is still filtered by visibility. */
export const Public = () => SetMetadata(ACCESS_POLICY, { kind: 'public' } satisfies AccessPolicy);

/** Any signed-in caller. */
export const Authenticated = () => SetMetadata(ACCESS_POLICY, { kind: 'authenticated' } satisfies AccessPolicy);

/** Site administrators only. */
export const Superuser = () => SetMetadata(ACCESS_POLICY, { kind: 'superuser' } satisfies AccessPolicy);

/** Callers holding a site-wide permission (through any of their groups), or superusers. */
export const RequireSitePermission = (permission: SitePermission) =>
  SetMetadata(ACCESS_POLICY, { kind: 'site-permission', permission } satisfies AccessPolicy);
