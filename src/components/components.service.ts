import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UserPermissions } from '../auth/user-permissions';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { apiUrlSegments } from '../core/urls/api-url';
import { UrlBuilder } from '../core/urls/url-builder';
import type { Language } from '../languages/language.entity';
import { LanguageLookup } from '../languages/language-lookup';
import { Project } from '../projects/project.entity';
import { ProjectResponse, serializeProject } from '../projects/project.serializer';
import { ProjectLookup } from '../projects/project-lookup';
import { User } from '../users/user.entity';
import { Component } from './component.entity';
import { componentColumns } from './component-fields';
import { ComponentResponse, serializeComponent } from './component.serializer';
import { ComponentFilter, ComponentsRepository } from './components.repository';
import { ComponentLookup } from './component-lookup';
import type { ComponentContext } from './component-context';
import { ComponentFieldsDto } from './dto/component-fields.dto';
import { RepositorySettings } from './repository-settings';
import { COMPONENT_RULES } from './component.rules';
import { demand } from '../auth/policy/object-rules';

@Injectable()
export class ComponentsService {
  constructor(
    private readonly components: ComponentsRepository,
    private readonly lookup: ComponentLookup,
    private readonly projects: ProjectLookup,
    private readonly languages: LanguageLookup,
    private readonly changes: ChangesService,
    private readonly repositorySettings: RepositorySettings,
  ) {}

  async list(filter: ComponentFilter, request: PageRequest, urls: UrlBuilder, viewer: UserPermissions): Promise<Page<ComponentResponse>> {
    const count = await this.components.count(filter);
    return paginate(request, count, async (offset, limit) => {
      const rows = await this.lookup.hydrate(await this.components.page(filter, offset, limit));
      return rows.map((row) => serializeComponent(row, urls, viewer));
    });
  }

  /** PATCH and PUT. Repository settings of a linked component belong to its owner and are refused here. */
  async update(context: ComponentContext, fields: ComponentFieldsDto, permissions: UserPermissions, urls: UrlBuilder): Promise<ComponentResponse> {
    const repository = await this.repositorySettings.checkChange(context, fields, permissions);
    const saved = await this.components.transaction(async (manager) => {
      const { repo: _repo, branch: _branch, push: _push, ...settings } = componentColumns(fields);
      const changes: Partial<Component> = { ...settings, ...repository };
      if (fields.source_language !== undefined) changes.sourceLanguageId = (await this.resolveLanguage(manager, fields.source_language)).id;
      if (fields.category !== undefined) changes.categoryId = await this.resolveCategory(manager, context.project, fields.category);
      const next = { ...context.component, ...changes };
      await this.assertUnique(manager, next);
      assertFilemask(next.filemask);
      return this.components.save(manager, next);
    });
    return serializeComponent((await this.lookup.findById(saved.id))!, urls);
  }

  /** As Weblate's do_lock: only a change of state is logged, so repeating a lock leaves no second entry. */
  async setLocked(context: ComponentContext, locked: boolean, user: User): Promise<{ locked: boolean }> {
    const { id } = context.component;
    await this.components.transaction(async (manager) => {
      if (!(await this.components.setLocked(manager, id, locked))) return;
      await this.changes.record(manager, {
        action: locked ? ChangeAction.Lock : ChangeAction.Unlock, projectId: context.project.id, componentId: id, userId: user.id, details: { auto: false },
      });
    });
    return { locked };
  }

  /** Projects the component is shared into (besides its own). */
  async links(context: ComponentContext, urls: UrlBuilder): Promise<{ projects: ProjectResponse[] }> {
    const projects = await this.components.linkedProjects(context.component.id);
    return { projects: projects.map((project) => serializeProject(project, urls)) };
  }

  async addLink(context: ComponentContext, projectSlug: unknown, permissions: UserPermissions, urls: UrlBuilder): Promise<{ projects: ProjectResponse[] }> {
    const project = typeof projectSlug === 'string' && projectSlug ? await this.projects.findBySlug(projectSlug) : null;
    const scope = project && { projectId: project.id, accessControl: project.accessControl };
    if (!project || !scope || !permissions.canSee(scope)) throw ValidationError.field('project_slug', 'Project not found.', 'does_not_exist');
    // Sharing a component into a project changes that project: Weblate asks for project.edit there.
    demand(permissions, COMPONENT_RULES.shareInto, scope);
    if (project.id === context.project.id) throw ValidationError.field('project_slug', 'The component already belongs to this project.');
    const added = await this.components.addLink(context.component.id, project.id);
    if (!added) throw ValidationError.field('project_slug', 'The component is already shared with this project.', 'unique');
    return this.links(context, urls);
  }

  async removeLink(context: ComponentContext, projectSlug: string): Promise<void> {
    const { affected } = await this.components.removeLink(context.component.id, projectSlug);
    if (!affected) throw ValidationError.field('project_slug', 'The component is not shared with this project.', 'does_not_exist');
  }

  private async resolveLanguage(manager: EntityManager, code: string): Promise<Language> {
    const language = await this.languages.findByCode(code, manager);
    if (!language) throw ValidationError.field('source_language.code', 'Language with this language code was not found.');
    return language;
  }

  async resolveCategory(manager: EntityManager, project: Project, link: string | null): Promise<number | null> {
    if (link === null || link === '') return null;
    const id = Number(apiUrlSegments(link, 'categories')?.[0]);
    if (!Number.isInteger(id) || !(await this.components.isCategoryOfProject(manager, id, project.id))) throw ValidationError.field('category', 'Category not found in this project.', 'does_not_exist');
    return id;
  }

  async assertUnique(manager: EntityManager, component: Pick<Component, 'id' | 'projectId' | 'categoryId' | 'name' | 'slug'>): Promise<void> {
    const taken = await this.components.takenNames(manager, component);
    if (taken.length > 0) {
      throw new ValidationError(taken.map((attr) => ({ code: 'unique', detail: `Component with this ${attr} already exists in the project.`, attr })));
    }
    if (await this.components.isCategorySlug(manager, component.projectId, component.categoryId, component.slug)) throw ValidationError.field('slug', 'Category with the same URL slug already exists.', 'unique');
  }
}

/** The language code goes where the `*` is; without one, no translation file could ever be found. */
export function assertFilemask(filemask: string): void {
  if ((filemask.match(/\*/g) ?? []).length !== 1) {
    throw ValidationError.field('filemask', 'File mask must contain exactly one "*" standing for the language code.');
  }
}
