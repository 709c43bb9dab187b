import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { EntityManager } from 'typeorm';
import { Group } from '../auth/group.entity';
import { MembershipService } from '../auth/membership.service';
import { PermissionService } from '../auth/permission.service';
import { LanguageSelection, ProjectSelection } from '../auth/permissions.data';
import { UserPermissions } from '../auth/user-permissions';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { requestContext } from '../core/http/request-context';
import { buildPage, Page, PageRequest, resolveLastPage } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { isObjectId } from '../roles/object-id.pipe';
import { User } from '../users/user.entity';
import { CreateGroupDto } from './dto/create-group.dto';
import { UpdateGroupDto } from './dto/update-group.dto';
import { GroupResponse, serializeGroup } from './group.serializer';
import { GroupLink, GroupsRepository, GroupVisibility } from './groups.repository';

/** Groups (teams): who holds which roles, over which projects and languages. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly permissions: PermissionService,
    private readonly membership: MembershipService,
  ) {}

  async list(permissions: UserPermissions, caller: User, request: PageRequest, urls: UrlBuilder): Promise<Page<GroupResponse>> {
    const visibility = this.visibility(permissions, caller);
    const count = await this.groups.countVisible(visibility);
    const page = resolveLastPage(request, count);
    const rows = await this.groups.pageVisible(visibility, page.offset, page.pageSize);
    return buildPage(page, count, rows.map((group) => serializeGroup(group, urls)));
  }

  async get(permissions: UserPermissions, caller: User, id: number, urls: UrlBuilder): Promise<GroupResponse> {
    const group = await this.groups.findVisible(this.visibility(permissions, caller), id);
    if (!group) throw new NotFoundError();
    return serializeGroup(group, urls);
  }

  async create(dto: CreateGroupDto, urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.transaction(async (manager) => {
      const definingProjectId = resolveDefiningProject(dto.defining_project) ?? null;
      await this.assertNameFree(manager, dto.name, definingProjectId);
      const group = await this.groups.save(manager, {
        name: dto.name,
        projectSelection: dto.project_selection ?? ProjectSelection.AsDefined,
        languageSelection: dto.language_selection ?? LanguageSelection.AsDefined,
        definingProjectId,
        internal: false,
      });
      return this.details(manager, group.id, urls);
    });
  }

  /** PUT and PATCH: fields left out keep their values, as in Weblate's serializers. */
  update(id: number, dto: UpdateGroupDto, urls: UrlBuilder): Promise<GroupResponse> {
    return this.change(id, urls, async (manager, group) => {
      const definingProjectId = resolveDefiningProject(dto.defining_project);
      if (definingProjectId !== undefined) group.definingProjectId = definingProjectId;
      if (dto.name !== undefined) group.name = dto.name;
      if (dto.project_selection !== undefined) group.projectSelection = dto.project_selection;
      if (dto.language_selection !== undefined) group.languageSelection = dto.language_selection;
      await this.assertNameFree(manager, group.name, group.definingProjectId, id);
      await this.groups.save(manager, group);
    });
  }

  /**
   * Internal groups may be deleted too, as Weblate allows. A deleted default group comes back at the next
   * start (AccessDataSync), as with Weblate's setup.
   */
  async delete(id: number): Promise<void> {
    await this.locked(id, (manager) => this.groups.delete(manager, id));
  }

  addRole(id: number, roleId: number, urls: UrlBuilder): Promise<GroupResponse> {
    return this.change(id, urls, async (manager) => {
      if (!isObjectId(roleId) || !(await this.groups.roleExists(manager, roleId))) {
        throw ValidationError.field('role_id', 'Role not found.');
      }
      await this.groups.addLink(manager, 'roles', id, roleId);
    });
  }

  removeRole(id: number, roleId: number): Promise<void> {
    return this.unlink(id, 'roles', async () => roleId, 'Role not found.');
  }

  addLanguage(id: number, code: string, urls: UrlBuilder): Promise<GroupResponse> {
    return this.change(id, urls, async (manager) => {
      const languageId = await this.groups.findLanguageId(manager, code);
      if (languageId === null) throw ValidationError.field('language_code', 'Language not found.');
      await this.groups.addLink(manager, 'languages', id, languageId);
    });
  }

  removeLanguage(id: number, code: string): Promise<void> {
    return this.unlink(id, 'languages', (manager) => this.groups.findLanguageId(manager, code), 'Language not found.');
  }

  /** A team administrator also becomes a member, as in Weblate. */
  addAdmin(id: number, userId: number, urls: UrlBuilder): Promise<GroupResponse> {
    return this.change(id, urls, async (manager) => {
      if (!isObjectId(userId) || !(await this.groups.userExists(manager, userId))) {
        throw ValidationError.field('user_id', 'User not found.');
      }
      await this.groups.addLink(manager, 'admins', id, userId);
      await this.membership.add(userId, id, manager);
    });
  }

  /** Answers with the group, unlike the other removals: Weblate's revoke_admin does. Membership stays. */
  removeAdmin(id: number, userId: number, urls: UrlBuilder): Promise<GroupResponse> {
    return this.change(id, urls, async (manager) => {
      if (!(await this.groups.removeLink(manager, 'admins', id, userId))) throw new NotFoundError('User not found.');
    });
  }

  /**
   * Whether the caller may add people to the group or remove them: group and user managers may for every
   * group, team administrators for the teams they administer (Weblate 5.5+). Meant for the handlers of
   * /api/users/<u>/groups/, hence the request: it resolves the caller the same way the policy guard does.
   */
  async canManageMembership(req: Request, groupId: number): Promise<boolean> {
    const permissions = await this.permissions.forRequest(req);
    if (permissions.hasSite('group.edit') || permissions.hasSite('user.edit')) return true;
    const { user } = requestContext(req);
    return !user.isAnonymous && this.groups.isAdmin(groupId, user.id);
  }

  /** Group managers see every group; everyone else the groups they are in or administer, as in Weblate. */
  private visibility(permissions: UserPermissions, caller: User): GroupVisibility {
    if (permissions.hasSite('group.view') || permissions.hasSite('group.edit')) return { all: true };
    return { all: false, userId: caller.id };
  }

  /** Runs a change in a transaction with the group row locked; 404 when there is no such group. */
  private locked<T>(id: number, work: (manager: EntityManager, group: Group) => Promise<T>): Promise<T> {
    return this.groups.transaction(async (manager) => {
      const group = await this.groups.findForUpdate(manager, id);
      if (!group) throw new NotFoundError();
      return work(manager, group);
    });
  }

  /** A change that answers with the group as it is afterwards. */
  private change(id: number, urls: UrlBuilder, work: (manager: EntityManager, group: Group) => Promise<void>): Promise<GroupResponse> {
    return this.locked(id, async (manager, group) => {
      await work(manager, group);
      return this.details(manager, id, urls);
    });
  }

  /** Removes a link; 404 when the group does not have it (or the target does not exist), as in Weblate. */
  private async unlink(id: number, link: GroupLink, target: (manager: EntityManager) => Promise<number | null>, notFound: string): Promise<void> {
    await this.locked(id, async (manager) => {
      const targetId = await target(manager);
      if (targetId === null || !(await this.groups.removeLink(manager, link, id, targetId))) throw new NotFoundError(notFound);
    });
  }

  private async details(manager: EntityManager, id: number, urls: UrlBuilder): Promise<GroupResponse> {
    const [group] = await this.groups.findDetails(manager, [id]);
    return serializeGroup(group, urls);
  }

  private async assertNameFree(manager: EntityManager, name: string, definingProjectId: number | null, exceptId?: number): Promise<void> {
    if (await this.groups.isNameTaken(manager, name, definingProjectId, exceptId)) {
      throw ValidationError.field('name', 'Group with this name already exists.', 'unique');
    }
  }
}

/**
 * The project a `defining_project` link names: undefined when not sent, null for none. Groups are not linked
 * to projects yet (see serializeGroup), so no link resolves; resolving project URLs belongs here.
 */
function resolveDefiningProject(link: string | null | undefined): number | null | undefined {
  if (link === undefined || link === null) return link;
  throw ValidationError.field('defining_project', 'Project not found.', 'does_not_exist');
}
