import { SetMetadata } from '@nestjs/common';
import type { ProjectPermission, SitePermission } from '../permissions.data';
import type { TargetKind } from './target';

/** How a route decides who may call it. Every handler declares exactly one; a handler with none is a bug. */
export type AccessPolicy =
  | { kind: 'open' }
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'site-permission'; permission: SitePermission }
  | { kind: 'view'; target: TargetKind }
  | { kind: 'permission'; permission: ProjectPermission; target: TargetKind }
  | { kind: 'repository-operation'; target: TargetKind }
  | { kind: 'manage'; target: TargetKind };

export const ACCESS_POLICY = 'accessPolicy';

/**
 * Anyone, REQUIRE_LOGIN or not: endpoints machines call without an account (notification hooks from hosting
 * services, health checks), as Weblate exempts them from its login requirement.
 */
export const Open = () => SetMetadata(ACCESS_POLICY, { kind: 'open' } satisfies AccessPolicy);

/** Anonymous callers allowed (unless REQUIRE_LOGIN); what they may see is still filtered by visibility. */
export const Public = () => SetMetadata(ACCESS_POLICY, { kind: 'public' } satisfies AccessPolicy);

/** Any signed-in caller. */
export const Authenticated = () => SetMetadata(ACCESS_POLICY, { kind: 'authenticated' } satisfies AccessPolicy);

/** Callers holding a site-wide permission (through any of their groups), or superusers. */
export const RequireSitePermission = (permission: SitePermission) =>
  SetMetadata(ACCESS_POLICY, { kind: 'site-permission', permission } satisfies AccessPolicy);

/** Anyone who can see the object the path names (404 otherwise); the object is then available as @Target(). */
export const ViewTarget = (target: TargetKind) => SetMetadata(ACCESS_POLICY, { kind: 'view', target } satisfies AccessPolicy);

/** A project-scoped permission on the object the path names: 404 if the caller cannot see it, 403 if they may not act. */
export const RequirePermission = (permission: ProjectPermission, target: TargetKind) =>
  SetMetadata(ACCESS_POLICY, { kind: 'permission', permission, target } satisfies AccessPolicy);

/**
 * POST …/repository/: the permission depends on the `operation` in the body (push needs vcs.push, pull
 * vcs.update, …), which the body parser has read before guards run.
 */
export const RequireRepositoryOperation = (target: TargetKind) =>
  SetMetadata(ACCESS_POLICY, { kind: 'repository-operation', target } satisfies AccessPolicy);

/**
 * Managing the object the path names, with the permission its loader says it takes: an add-on needs
 * component.edit on its component, project.edit on its project, management.addons site-wide. 404 if the caller
 * cannot see it, 403 if they may not manage it.
 */
export const ManageTarget = (target: TargetKind) => SetMetadata(ACCESS_POLICY, { kind: 'manage', target } satisfies AccessPolicy);
