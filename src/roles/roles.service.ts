import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Role } from '../auth/role.entity';
import { UserPermissions } from '../auth/user-permissions';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { User } from '../users/user.entity';
import { CreateRoleDto } from './dto/create-role.dto';
import { UpdateRoleDto } from './dto/update-role.dto';
import { RoleResponse, serializeRole } from './role.serializer';
import { RolesRepository, RoleVisibility } from './roles.repository';
import { allows } from '../auth/policy/object-rules';
import { ROLE_RULES } from './role.rules';

/** Roles: named sets of permissions that groups grant. */
@Injectable()
export class RolesService {
  constructor(private readonly roles: RolesRepository) {}

  async list(permissions: UserPermissions, caller: User, request: PageRequest, urls: UrlBuilder): Promise<Page<RoleResponse>> {
    const visibility = this.visibility(permissions, caller);
    const count = await this.roles.countVisible(visibility);
    return paginate(request, count, async (offset, limit) => {
      const rows = await this.roles.pageVisible(visibility, offset, limit);
      return rows.map((role) => serializeRole(role, urls));
    });
  }

  async get(permissions: UserPermissions, caller: User, id: number, urls: UrlBuilder): Promise<RoleResponse> {
    const role = await this.roles.findVisible(this.visibility(permissions, caller), id);
    if (!role) throw new NotFoundError();
    return serializeRole(role, urls);
  }

  async create(dto: CreateRoleDto, urls: UrlBuilder): Promise<RoleResponse> {
    const role = await this.roles.transaction(async (manager) => {
      await this.assertNameFree(manager, dto.name);
      return this.roles.save(manager, { name: dto.name, permissions: normalize(dto.permissions ?? []) });
    });
    return serializeRole(role, urls);
  }

  /** PUT and PATCH: fields left out keep their values, as in Weblate's serializers. */
  async update(id: number, dto: UpdateRoleDto, urls: UrlBuilder): Promise<RoleResponse> {
    const role = await this.roles.transaction(async (manager) => {
      const role = await this.findForUpdate(manager, id);
      if (dto.name !== undefined && dto.name !== role.name) {
        await this.assertNameFree(manager, dto.name, id);
        role.name = dto.name;
      }
      if (dto.permissions !== undefined) role.permissions = normalize(dto.permissions);
      return this.roles.save(manager, role);
    });
    return serializeRole(role, urls);
  }

  async delete(id: number): Promise<void> {
    await this.roles.transaction(async (manager) => {
      await this.findForUpdate(manager, id);
      await this.roles.delete(manager, id);
    });
  }

  /** Role managers see every role; everyone else the roles their groups grant, as in Weblate. */
  private visibility(permissions: UserPermissions, caller: User): RoleVisibility {
    if (allows(permissions, ROLE_RULES.seeAll)) return { all: true };
    return { all: false, userId: caller.id };
  }

  private async findForUpdate(manager: EntityManager, id: number): Promise<Role> {
    const role = await this.roles.findForUpdate(manager, id);
    if (!role) throw new NotFoundError();
    return role;
  }

  private async assertNameFree(manager: EntityManager, name: string, exceptId?: number): Promise<void> {
    if (await this.roles.isNameTaken(manager, name, exceptId)) {
      throw ValidationError.field('name', 'Role with this name already exists.', 'unique');
    }
  }
}

/** Stored once each and sorted, the way the default roles are, so responses do not depend on input order. */
function normalize(permissions: string[]): string[] {
  return [...new Set(permissions)].sort();
}
