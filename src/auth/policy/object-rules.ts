import { PermissionDeniedError } from '../../core/errors/domain-error';
import type { Permission } from '../permissions.data';
import type { PermissionScope, UserPermissions } from '../user-permissions';

/**
 * A permission a service checks beyond the route's policy: on an object the body names (the project a component
 * is shared into), for what the body asks (approving a string), or for how much a list shows. Each domain declares
 * its rules in its `*.rules.ts` with `objectRule`, and checks them with `allows` or `demand`; the object-rules
 * e2e probes every registered rule with the permission matrix's callers, as the matrix probes route policies.
 */
export interface ObjectRule {
  /** `<domain>.<what>`, unique. */
  name: string;
  /** Checked on a project-scoped object (`object`), or site-wide (`site`). */
  on: 'object' | 'site';
  permission: Permission;
  /** Permissions that, held together, allow it as well (e.g. adding and deleting strings instead of editing the component). */
  otherwise?: readonly Permission[];
  /** When the service checks it. */
  when: string;
  /** The 403 detail `demand` answers with; Weblate's words where it has some. */
  denied?: string;
}

const REGISTERED = new Map<string, ObjectRule>();

export function objectRule(rule: ObjectRule): ObjectRule {
  if (REGISTERED.has(rule.name)) throw new Error(`object rule ${rule.name} is declared twice`);
  REGISTERED.set(rule.name, rule);
  return rule;
}

/** Every rule the loaded `*.rules.ts` files declared. */
export function registeredObjectRules(): ObjectRule[] {
  return [...REGISTERED.values()];
}

/** `scope`: the object the rule is checked on; site rules take none. */
export function allows(permissions: UserPermissions, rule: ObjectRule, scope?: PermissionScope): boolean {
  const holds = (permission: Permission) => {
    if (rule.on === 'site') return permissions.hasSite(permission);
    if (!scope) throw new Error(`object rule ${rule.name} is checked on an object, and none was given`);
    return permissions.can(permission, scope);
  };
  return holds(rule.permission) || (rule.otherwise !== undefined && rule.otherwise.every(holds));
}

/** Refuses with 403 and the rule's detail when the rule does not allow it. */
export function demand(permissions: UserPermissions, rule: ObjectRule, scope?: PermissionScope): void {
  if (!allows(permissions, rule, scope)) throw new PermissionDeniedError(rule.denied);
}
