import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Group } from '../auth/group.entity';
import { LanguageSelection, ProjectSelection } from '../auth/permissions.data';
import { UserPermissions } from '../auth/user-permissions';
import { ComponentLookup } from '../components/component-lookup';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { apiUrlSegments } from '../core/urls/api-url';
import { UrlBuilder } from '../core/urls/url-builder';
import { ProjectLookup } from '../projects/project-lookup';
import { User } from '../users/user.entity';
import { CreateGroupDto } from './dto/create-group.dto';
import { UpdateGroupDto } from './dto/update-group.dto';
import { GroupResponse, serializeGroup } from './group.serializer';
import { GroupsRepository, GroupVisibility } from './groups.repository';
import { allows } from '../auth/policy/object-rules';
import { GROUP_RULES } from './group.rules';

/** Groups (teams): who holds which roles, over which projects and languages. Links live in GroupLinksService. */
@Injectable()
export class GroupsService {
  constructor(
    private readonly groups: GroupsRepository,
    private readonly projects: ProjectLookup,
    private readonly components: ComponentLookup,
  ) {}

  async list(permissions: UserPermissions, caller: User, request: PageRequest, urls: UrlBuilder): Promise<Page<GroupResponse>> {
    const visibility = this.visibility(permissions, caller);
    const count = await this.groups.countVisible(visibility);
    return paginate(request, count, async (offset, limit) => {
      const rows = await this.groups.pageVisible(visibility, offset, limit);
      return await this.serialize(rows, urls);
    });
  }

  async get(permissions: UserPermissions, caller: User, id: number, urls: UrlBuilder): Promise<GroupResponse> {
    const group = await this.groups.findVisible(this.visibility(permissions, caller), id);
    if (!group) throw new NotFoundError();
    return (await this.serialize([group], urls))[0];
  }

  async create(permissions: UserPermissions, dto: CreateGroupDto, urls: UrlBuilder): Promise<GroupResponse> {
    const definingProjectId = (await this.resolveDefiningProject(permissions, dto.defining_project)) ?? null;
    const id = await this.groups.transaction(async (manager) => {
      await this.assertNameFree(manager, dto.name, definingProjectId);
      const group = await this.groups.save(manager, {
        name: dto.name,
        projectSelection: dto.project_selection ?? ProjectSelection.AsDefined,
        languageSelection: dto.language_selection ?? LanguageSelection.AsDefined,
        definingProjectId,
        internal: false,
      });
      return group.id;
    });
    return this.details(id, urls);
  }

  /** PUT and PATCH: fields left out keep their values, as in Weblate's serializers. */
  async update(permissions: UserPermissions, id: number, dto: UpdateGroupDto, urls: UrlBuilder): Promise<GroupResponse> {
    const definingProjectId = await this.resolveDefiningProject(permissions, dto.defining_project);
    return this.change(id, urls, async (manager, group) => {
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
  /** Runs a change in a transaction with the group row locked; 404 when there is no such group. */
  locked<T>(id: number, work: (manager: EntityManager, group: Group) => Promise<T>): Promise<T> {
    return this.groups.transaction(async (manager) => {
      const group = await this.groups.findForUpdate(manager, id);
      if (!group) throw new NotFoundError();
      return work(manager, group);
    });
  }

  /** A change that answers with the group as it is once the change is committed. */
  async change(id: number, urls: UrlBuilder, work: (manager: EntityManager, group: Group) => Promise<void>): Promise<GroupResponse> {
    await this.locked(id, work);
    return this.details(id, urls);
  }

  /** Group managers see every group; everyone else the groups they are in or administer, as in Weblate. */
  private visibility(permissions: UserPermissions, caller: User): GroupVisibility {
    if (allows(permissions, GROUP_RULES.seeAll)) return { all: true };
    return { all: false, userId: caller.id };
  }

  private async details(id: number, urls: UrlBuilder): Promise<GroupResponse> {
    const [group] = await this.groups.findDetails([id]);
    if (!group) throw new NotFoundError();
    return (await this.serialize([group], urls))[0];
  }

  /** Resolves what the groups link to in a fixed number of queries, however many groups there are. */
  private async serialize(groups: Group[], urls: UrlBuilder): Promise<GroupResponse[]> {
    const targets = new Map((await this.groups.findTargets(groups.map((group) => group.id))).map((row) => [row.groupId, row]));
    const componentIds = [...new Set([...targets.values()].flatMap((row) => row.componentIds))];
    const contexts = await this.components.hydrate(await this.groups.findComponents(componentIds));
    const componentById = new Map(contexts.map(({ component, project, path }) => [component.id, { projectSlug: project.slug, path }]));
    return groups.map((group) => {
      const row = targets.get(group.id)!;
      return serializeGroup(
        group,
        {
          definingProjectSlug: row.definingProjectSlug,
          projectSlugs: row.projectSlugs,
          // A component deleted since the link was read is simply left out.
          components: row.componentIds.flatMap((componentId) => componentById.get(componentId) ?? []),
          componentListSlugs: row.componentListSlugs,
        },
        urls,
      );
    });
  }

  /**
   * The project a `defining_project` link names: undefined when not sent, null for none. A project the caller
   * cannot see is reported as missing, so the answer does not reveal that it exists.
   */
  private async resolveDefiningProject(permissions: UserPermissions, link: string | null | undefined): Promise<number | null | undefined> {
    if (link === undefined || link === null) return link;
    const segments = apiUrlSegments(link, 'projects');
    const project = segments?.length === 1 ? await this.projects.findBySlug(segments[0]) : null;
    if (!project || !permissions.canSee({ projectId: project.id, accessControl: project.accessControl })) {
      throw ValidationError.field('defining_project', 'Project not found.', 'does_not_exist');
    }
    return project.id;
  }

  private async assertNameFree(manager: EntityManager, name: string, definingProjectId: number | null, exceptId?: number): Promise<void> {
    if (await this.groups.isNameTaken(manager, name, definingProjectId, exceptId)) {
      throw ValidationError.field('name', 'Group with this name already exists.', 'unique');
    }
  }
}
