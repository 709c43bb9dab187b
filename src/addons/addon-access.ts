import { allows } from '../auth/policy/object-rules';
import type { Permission } from '../auth/permissions.data';
import { componentScope, projectScope } from '../auth/scopes';
import type { PermissionScope, UserPermissions } from '../auth/user-permissions';
import { ADDON_RULES } from './addon.rules';
import type { AddonContext } from './addons.repository';

/**
 * Weblate's rule: an add-on is managed with component.edit on its component, project.edit on its project, or
 * management.addons when it is installed site-wide (`scope` null).
 */
export function addonAccess(context: AddonContext): { scope: PermissionScope | null; manage: Permission } {
  const { scope, rule } = accessOf(context);
  return { scope, manage: rule.permission };
}

export function mayManage(permissions: UserPermissions, context: AddonContext): boolean {
  const { scope, rule } = accessOf(context);
  return allows(permissions, rule, scope ?? undefined);
}

export function mayManageSiteWide(permissions: UserPermissions): boolean {
  return allows(permissions, ADDON_RULES.manageSiteWide);
}

function accessOf({ component, project }: AddonContext) {
  if (component) return { scope: componentScope(component), rule: ADDON_RULES.manageOnComponent };
  if (project) return { scope: projectScope(project), rule: ADDON_RULES.manageOnProject };
  return { scope: null, rule: ADDON_RULES.manageSiteWide };
}
