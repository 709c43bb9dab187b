import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MembershipService } from '../auth/membership.service';
import { UserPermissions } from '../auth/user-permissions';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { UrlBuilder } from '../core/urls/url-builder';
import { Project } from '../projects/project.entity';
import { isObjectId } from '../roles/object-id.pipe';
import { GroupResponse } from './group.serializer';
import { GroupLink, GroupsRepository } from './groups.repository';
import { GroupsService } from './groups.service';

/**
 * What a group grants (roles), where (languages, projects, components, component lists) and who runs it
 * (admins). Adding answers with the group, removing with nothing, as Weblate does.
 */
@Injectable()
export class GroupLinksService {
  constructor(
    private readonly groups: GroupsService,
    private readonly repository: GroupsRepository,
    private readonly membership: MembershipService,
  ) {}

  addRole(id: number, roleId: number, urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.change(id, urls, async (manager) => {
      if (!isObjectId(roleId) || !(await this.repository.roleExists(manager, roleId))) {
        throw ValidationError.field('role_id', 'Role not found.');
      }
      await this.repository.addLink(manager, 'roles', id, roleId);
    });
  }

  removeRole(id: number, roleId: number): Promise<void> {
    return this.unlink(id, 'roles', async () => roleId, 'Role not found.');
  }

  addLanguage(id: number, code: string, urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.change(id, urls, async (manager) => {
      const languageId = await this.repository.findLanguageId(manager, code);
      if (languageId === null) throw ValidationError.field('language_code', 'Language not found.');
      await this.repository.addLink(manager, 'languages', id, languageId);
    });
  }

  removeLanguage(id: number, code: string): Promise<void> {
    return this.unlink(id, 'languages', (manager) => this.repository.findLanguageId(manager, code), 'Language not found.');
  }

  /** Projects the caller cannot see are reported as missing, so the answer does not reveal that they exist. */
  addProject(permissions: UserPermissions, id: number, projectId: number, urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.change(id, urls, async (manager) => {
      const project = isObjectId(projectId) ? await this.repository.findProject(manager, projectId) : null;
      if (!isVisible(permissions, project)) throw ValidationError.field('project_id', 'Project not found.');
      await this.repository.addLink(manager, 'projects', id, projectId);
    });
  }

  removeProject(id: number, projectId: number): Promise<void> {
    return this.unlink(id, 'projects', async () => projectId, 'Project not found.');
  }

  /** Only components the caller can see, as Weblate filters them by access. */
  addComponent(permissions: UserPermissions, id: number, componentId: number, urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.change(id, urls, async (manager) => {
      const project = isObjectId(componentId) ? await this.repository.findComponentProject(manager, componentId) : null;
      if (!isVisible(permissions, project)) throw ValidationError.field('component_id', 'Component not found.');
      await this.repository.addLink(manager, 'components', id, componentId);
    });
  }

  removeComponent(id: number, componentId: number): Promise<void> {
    return this.unlink(id, 'components', async () => componentId, 'Component not found.');
  }

  addComponentList(id: number, listId: number, urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.change(id, urls, async (manager) => {
      if (!isObjectId(listId) || !(await this.repository.componentListExists(manager, listId))) {
        throw ValidationError.field('component_list_id', 'Component list not found.');
      }
      await this.repository.addLink(manager, 'componentlists', id, listId);
    });
  }

  removeComponentList(id: number, listId: number): Promise<void> {
    return this.unlink(id, 'componentlists', async () => listId, 'Component list not found.');
  }

  /** A team administrator also becomes a member, as in Weblate. */
  addAdmin(id: number, userId: number, urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.change(id, urls, async (manager) => {
      if (!isObjectId(userId) || !(await this.repository.userExists(manager, userId))) {
        throw ValidationError.field('user_id', 'User not found.');
      }
      await this.repository.addLink(manager, 'admins', id, userId);
      await this.membership.add(userId, id, manager);
    });
  }

  /** Answers with the group, unlike the other removals: Weblate's revoke_admin does. Membership stays. */
  removeAdmin(id: number, userId: number, urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.change(id, urls, async (manager) => {
      if (!(await this.repository.removeLink(manager, 'admins', id, userId))) throw new NotFoundError('User not found.');
    });
  }

  /** Removes a link; 404 when the group does not have it (or the target does not exist), as in Weblate. */
  private async unlink(id: number, link: GroupLink, target: (manager: EntityManager) => Promise<number | null>, notFound: string): Promise<void> {
    await this.groups.locked(id, async (manager) => {
      const targetId = await target(manager);
      if (targetId === null || !(await this.repository.removeLink(manager, link, id, targetId))) throw new NotFoundError(notFound);
    });
  }
}

function isVisible(permissions: UserPermissions, project: Project | null): project is Project {
  return project !== null && permissions.canSee({ projectId: project.id, accessControl: project.accessControl });
}
