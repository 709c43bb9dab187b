import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UserPermissions } from '../auth/user-permissions';
import { ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { apiUrlSegments } from '../core/urls/api-url';
import { UrlBuilder } from '../core/urls/url-builder';
import { Project } from '../projects/project.entity';
import { ProjectLookup } from '../projects/project-lookup';
import { CategoriesRepository, CategoryFilter } from './categories.repository';
import type { CategoryRow } from './category-row';
import { Category, MAX_CATEGORY_DEPTH } from './category.entity';
import { categoryProject, CategoryResponse, serializeCategory } from './category.serializer';
import { CategoryFieldsDto } from './dto/category-fields.dto';
import { CATEGORY_RULES } from './category.rules';
import { demand } from '../auth/policy/object-rules';

@Injectable()
export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly projects: ProjectLookup,
  ) {}

  async list(filter: CategoryFilter, request: PageRequest, urls: UrlBuilder): Promise<Page<CategoryResponse>> {
    return paginate(request, await this.categories.count(filter), async (offset, limit) =>
      (await this.categories.page(filter, offset, limit)).map((row) => serializeCategory(row.category, categoryProject(row), urls)),
    );
  }

  /** Creating a category is editing its project: the caller needs project.edit there. */
  async create(fields: CategoryFieldsDto, permissions: UserPermissions, urls: UrlBuilder): Promise<CategoryResponse> {
    const project = await this.resolveProject(fields.project, permissions);
    const saved = await this.categories.transaction(async (manager) => {
      const parentId = await this.resolveParent(manager, fields.category, project.id, null);
      const category = Object.assign(new Category(), { name: fields.name!, slug: fields.slug!, projectId: project.id, categoryId: parentId });
      await this.assertUniqueAmongSiblings(manager, category, 0);
      return this.categories.save(manager, category);
    });
    return serializeCategory(saved, project, urls);
  }

  async update(row: CategoryRow, fields: CategoryFieldsDto, urls: UrlBuilder): Promise<CategoryResponse> {
    if (fields.project !== undefined && apiUrlSegments(fields.project, 'projects')?.[0] !== row.projectSlug) {
      throw ValidationError.field('project', 'A category can not be moved to another project.');
    }
    const saved = await this.categories.transaction(async (manager) => {
      const parentId = fields.category === undefined ? row.category.categoryId : await this.resolveParent(manager, fields.category, row.category.projectId, row.category.id);
      const category = Object.assign(new Category(), row.category, { categoryId: parentId }, pick(fields));
      await this.assertUniqueAmongSiblings(manager, category, category.id);
      return this.categories.save(manager, category);
    });
    return serializeCategory(saved, categoryProject(row), urls);
  }

  async remove(row: CategoryRow): Promise<void> {
    await this.categories.delete(row.category.id);
  }

  private async resolveProject(link: string | undefined, permissions: UserPermissions): Promise<Project> {
    const slug = apiUrlSegments(link, 'projects')?.[0];
    const project = slug ? await this.projects.findBySlug(slug) : null;
    const scope = project ? { projectId: project.id, accessControl: project.accessControl } : null;
    if (!project || !scope || !permissions.canSee(scope)) throw ValidationError.field('project', 'Project not found.', 'does_not_exist');
    demand(permissions, CATEGORY_RULES.createInProject, scope);
    return project;
  }

  /** The parent must be in the same project, must not be the category itself or below it, and depth stays limited. */
  private async resolveParent(manager: EntityManager, link: string | null | undefined, projectId: number, selfId: number | null): Promise<number | null> {
    if (link === undefined || link === null || link === '') return null;
    const id = Number(apiUrlSegments(link, 'categories')?.[0]);
    const parent = Number.isInteger(id) ? await this.categories.findById(id, manager) : null;
    if (!parent || parent.category.projectId !== projectId) throw ValidationError.field('category', 'Category not found in this project.', 'does_not_exist');
    const ancestry = await this.categories.ancestry(parent.category.id, manager);
    if (selfId !== null && ancestry.includes(selfId)) throw ValidationError.field('category', 'A category can not be placed inside itself.');
    const below = selfId === null ? 0 : await this.categories.subtreeHeight(selfId, manager);
    if (ancestry.length + 1 + below > MAX_CATEGORY_DEPTH) {
      throw ValidationError.field('category', `Categories can be nested at most ${MAX_CATEGORY_DEPTH} levels deep.`);
    }
    return parent.category.id;
  }

  private async assertUniqueAmongSiblings(manager: EntityManager, category: Category, exceptId: number): Promise<void> {
    const taken = await this.categories.siblingConflicts(manager, category, exceptId);
    if (taken.length > 0) {
      throw new ValidationError(taken.map((attr) => ({ code: 'unique', detail: `Category with this ${attr} already exists here.`, attr })));
    }
    if (await this.categories.componentHasSlug(manager, category)) {
      throw ValidationError.field('slug', 'Component with the same URL slug already exists.', 'unique');
    }
  }
}

function pick(fields: CategoryFieldsDto): Partial<Category> {
  return { ...(fields.name !== undefined && { name: fields.name }), ...(fields.slug !== undefined && { slug: fields.slug }) };
}
