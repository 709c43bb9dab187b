import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ProjectVisibility, UserPermissions } from '../auth/user-permissions';
import { ComponentResponse, serializeComponent } from '../components/component.serializer';
import { ComponentLookup } from '../components/component-lookup';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { serializeStatistics, StatisticsNumbers } from '../languages/statistics.serializer';
import { isObjectId } from '../roles/object-id.pipe';
import { ComponentList } from './component-list.entity';
import { ComponentListResponse, serializeComponentList } from './component-list.serializer';
import { ComponentListsRepository, RulePatterns } from './component-lists.repository';
import { AutoAssignRuleDto } from './dto/auto-assign-rule.dto';
import { CreateComponentListDto } from './dto/create-component-list.dto';
import { UpdateComponentListDto } from './dto/update-component-list.dto';
import { componentScope } from '../auth/scopes';

/**
 * Component lists. Everyone may read them, but only the components the caller can see are shown, and a list
 * whose members are all hidden is hidden itself (Weblate's queryset). Members are computed when read: the
 * components added by hand plus those matching a rule (see the create-component-lists migration).
 */
@Injectable()
export class ComponentListsService {
  constructor(
    private readonly lists: ComponentListsRepository,
    private readonly components: ComponentLookup,
  ) {}

  async list(permissions: UserPermissions, request: PageRequest, urls: UrlBuilder): Promise<Page<ComponentListResponse>> {
    const visibility = permissions.projectVisibility();
    const count = await this.lists.countVisible(visibility);
    return paginate(request, count, async (offset, limit) => {
      const rows = await this.lists.pageVisible(visibility, offset, limit);
      return await this.serialize(rows, visibility, urls);
    });
  }

  async get(permissions: UserPermissions, slug: string, urls: UrlBuilder): Promise<ComponentListResponse> {
    const visibility = permissions.projectVisibility();
    return (await this.serialize([await this.findVisible(visibility, slug)], visibility, urls))[0];
  }

  /** The list's translations summed, as the statistics of other containers (projects, categories). */
  async statistics(permissions: UserPermissions, slug: string, urls: UrlBuilder): Promise<StatisticsNumbers & { name: string; url: string }> {
    const visibility = permissions.projectVisibility();
    const list = await this.findVisible(visibility, slug);
    return { ...serializeStatistics(await this.lists.visibleCounts(list.id, visibility)), name: list.name, url: urls.componentList(list.slug) };
  }

  async create(permissions: UserPermissions, dto: CreateComponentListDto, urls: UrlBuilder): Promise<ComponentListResponse> {
    await this.assertPatterns(dto.auto_assign);
    const id = await this.lists.transaction(async (manager) => {
      await this.assertUnique(manager, dto);
      const list = await this.lists.save(manager, { name: dto.name, slug: dto.slug, showDashboard: dto.show_dashboard ?? true });
      if (dto.auto_assign) await this.lists.replaceRules(manager, list.id, rulePatterns(dto.auto_assign));
      return list.id;
    });
    return this.details(id, permissions.projectVisibility(), urls);
  }

  /** PUT and PATCH: fields left out keep their values; auto_assign, when sent, replaces the rules. */
  async update(permissions: UserPermissions, slug: string, dto: UpdateComponentListDto, urls: UrlBuilder): Promise<ComponentListResponse> {
    await this.assertPatterns(dto.auto_assign);
    const visibility = permissions.projectVisibility();
    const id = await this.locked(visibility, slug, async (manager, list) => {
      await this.assertUnique(manager, dto, list.id);
      if (dto.name !== undefined) list.name = dto.name;
      if (dto.slug !== undefined) list.slug = dto.slug;
      if (dto.show_dashboard !== undefined) list.showDashboard = dto.show_dashboard;
      await this.lists.save(manager, list);
      if (dto.auto_assign) await this.lists.replaceRules(manager, list.id, rulePatterns(dto.auto_assign));
    });
    return this.details(id, visibility, urls);
  }

  async delete(permissions: UserPermissions, slug: string): Promise<void> {
    await this.locked(permissions.projectVisibility(), slug, (manager, list) => this.lists.delete(manager, list.id));
  }

  /** The members the caller can see, as full component objects. */
  async members(permissions: UserPermissions, slug: string, request: PageRequest, urls: UrlBuilder): Promise<Page<ComponentResponse>> {
    const visibility = permissions.projectVisibility();
    const list = await this.findVisible(visibility, slug);
    const count = await this.lists.countVisibleComponents(visibility, list.id);
    return paginate(request, count, async (offset, limit) => {
      const rows = await this.lists.pageVisibleComponents(visibility, list.id, offset, limit);
      const contexts = await this.components.hydrate(rows);
      return contexts.map((context) => serializeComponent(context, urls, permissions));
    });
  }

  /** Only components the caller can see may be added, as Weblate filters them by access. */
  async addComponent(permissions: UserPermissions, slug: string, componentId: number, urls: UrlBuilder): Promise<ComponentListResponse> {
    const visibility = permissions.projectVisibility();
    const list = await this.findVisible(visibility, slug);
    const context = isObjectId(componentId) ? await this.components.findById(componentId) : null;
    if (!context || !permissions.canSee(componentScope(context))) {
      throw ValidationError.field('component_id', 'Component not found.');
    }
    await this.lockedById(list.id, (manager) => this.lists.addComponent(manager, list.id, componentId));
    return this.details(list.id, visibility, urls);
  }

  /**
   * Weblate names the component by its slug alone here; when components of several projects share it, all
   * of them leave the list. Members matched by a rule stay members as long as the rule matches them.
   */
  async removeComponent(permissions: UserPermissions, slug: string, componentSlug: string): Promise<void> {
    await this.locked(permissions.projectVisibility(), slug, async (manager, list) => {
      if ((await this.lists.removeComponentsBySlug(manager, list.id, componentSlug)) === 0) throw new NotFoundError('Component not found.');
    });
  }

  private async findVisible(visibility: ProjectVisibility, slug: string): Promise<ComponentList> {
    const list = await this.lists.findVisibleBySlug(visibility, slug);
    if (!list) throw new NotFoundError();
    return list;
  }

  /** A change to a list the caller can see, in a transaction with its row locked; resolves to the list id. */
  private async locked(visibility: ProjectVisibility, slug: string, work: (manager: EntityManager, list: ComponentList) => Promise<void>): Promise<number> {
    const { id } = await this.findVisible(visibility, slug);
    await this.lockedById(id, work);
    return id;
  }

  private lockedById(id: number, work: (manager: EntityManager, list: ComponentList) => Promise<void>): Promise<void> {
    return this.lists.transaction(async (manager) => {
      const list = await this.lists.findForUpdate(manager, id);
      if (!list) throw new NotFoundError();
      await work(manager, list);
    });
  }

  /** The list after a change the caller made, even if none of its members is visible to them any more. */
  private async details(id: number, visibility: ProjectVisibility, urls: UrlBuilder): Promise<ComponentListResponse> {
    const [list] = await this.lists.findWithRules([id]);
    if (!list) throw new NotFoundError();
    return (await this.serialize([list], visibility, urls))[0];
  }

  /** Member URLs for many lists in a fixed number of queries. */
  private async serialize(lists: ComponentList[], visibility: ProjectVisibility, urls: UrlBuilder): Promise<ComponentListResponse[]> {
    const members = await this.lists.visibleMembers(visibility, lists.map((list) => list.id));
    const contexts = await this.components.hydrate(await this.lists.findComponents([...new Set(members.map((member) => member.componentId))]));
    const urlById = new Map(contexts.map(({ component, project, path }) => [component.id, urls.component(project.slug, path)]));
    const urlsByList = new Map<number, string[]>();
    for (const { listId, componentId } of members) {
      const url = urlById.get(componentId);
      if (url) urlsByList.set(listId, [...(urlsByList.get(listId) ?? []), url]);
    }
    return lists.map((list) => serializeComponentList(list, urlsByList.get(list.id) ?? [], urls));
  }

  private async assertUnique(manager: EntityManager, fields: { name?: string; slug?: string }, exceptId?: number): Promise<void> {
    const taken = await this.lists.conflicts(manager, fields, exceptId);
    if (taken.length > 0) {
      throw new ValidationError(taken.map((attr) => ({ code: 'unique', detail: `Component list with this ${attr} already exists.`, attr })));
    }
  }

  /** The DTO checked that JavaScript compiles each pattern; the database, which does the matching, must too. */
  private async assertPatterns(rules: AutoAssignRuleDto[] | undefined): Promise<void> {
    for (const [index, rule] of (rules ?? []).entries()) {
      for (const field of ['project_match', 'component_match'] as const) {
        const error = await this.lists.patternError(rule[field]);
        if (error !== null) throw ValidationError.field(`auto_assign.${index}.${field}`, `Compilation failed: ${error}`);
      }
    }
  }
}

function rulePatterns(rules: AutoAssignRuleDto[]): RulePatterns[] {
  return rules.map((rule) => ({ projectMatch: rule.project_match, componentMatch: rule.component_match }));
}
