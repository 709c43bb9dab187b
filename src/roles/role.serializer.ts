import { Role } from '../auth/role.entity';
import { UrlBuilder } from '../core/urls/url-builder';

export interface RoleResponse {
  id: number;
  name: string;
  permissions: string[];
  url: string;
}

export function serializeRole(role: Role, urls: UrlBuilder): RoleResponse {
  return { id: role.id, name: role.name, permissions: role.permissions, url: urls.role(role.id) };
}
