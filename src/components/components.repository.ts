import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, IsNull, SelectQueryBuilder } from 'typeorm';
import { whereProjectVisible } from '../auth/project-visibility';
import { ProjectVisibility } from '../auth/user-permissions';
import { LanguageLookup } from '../languages/language-lookup';
import { Project } from '../projects/project.entity';
import type { ComponentContext } from './component-context';
import { Component } from './component.entity';

export interface ComponentFilter {
  visibility?: ProjectVisibility;
  projectId?: number;
}

@Injectable()
export class ComponentsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly languages: LanguageLookup,
  ) {}

  /** `docs/usage` in project `hello`: walk the categories from the top, then the component slug. */
  async findByPath(projectSlug: string, path: string): Promise<ComponentContext | null> {
    const parts = path.split('/').filter(Boolean);
    if (parts.length === 0 || parts.length > 4) return null;
    const project = await this.dataSource.getRepository(Project).findOneBy({ slug: projectSlug });
    if (!project) return null;
    let categoryId: number | null = null;
    for (const slug of parts.slice(0, -1)) {
      const rows: { id: number }[] = await this.dataSource.query(
        'SELECT id FROM categories WHERE project_id = $1 AND coalesce(category_id, 0) = coalesce($2, 0) AND slug = $3',
        [project.id, categoryId, slug],
      );
      if (rows.length === 0) return null;
      categoryId = rows[0].id;
    }
    const component = await this.dataSource
      .getRepository(Component)
      .createQueryBuilder('c')
      .where('c.project_id = :project AND coalesce(c.category_id, 0) = :category AND c.slug = :slug', {
        project: project.id,
        category: categoryId ?? 0,
        slug: parts[parts.length - 1],
      })
      .getOne();
    return component ? (await this.hydrate([component]))[0] : null;
  }

  async findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<ComponentContext | null> {
    const component = await manager.getRepository(Component).findOneBy({ id });
    return component ? (await this.hydrate([component]))[0] : null;
  }

  count(filter: ComponentFilter): Promise<number> {
    return this.filtered(filter).getCount();
  }

  /** Components of visible projects (or of one project), ordered by project and name. */
  async page(filter: ComponentFilter, offset: number, limit: number): Promise<ComponentContext[]> {
    const rows = await this.filtered(filter).orderBy('p.slug').addOrderBy('c.name').addOrderBy('c.id').offset(offset).limit(limit).getMany();
    return this.hydrate(rows);
  }

  private filtered(filter: ComponentFilter): SelectQueryBuilder<Component> {
    const query = this.dataSource.getRepository(Component).createQueryBuilder('c').innerJoin(Project, 'p', 'p.id = c.project_id');
    // A project lists its own components and those other projects share into it.
    if (filter.projectId !== undefined) {
      query.andWhere('(c.project_id = :projectId OR c.id IN (SELECT component_id FROM component_links WHERE project_id = :projectId))', {
        projectId: filter.projectId,
      });
    }
    if (filter.visibility) whereProjectVisible(query, 'p', filter.visibility, 'c');
    return query;
  }

  /** Other components of the project using this repository URL, for automatic sharing. */
  findSharingCandidate(manager: EntityManager, projectId: number, repo: string): Promise<Component | null> {
    return manager.getRepository(Component).findOne({ where: { projectId, repo, linkedComponentId: IsNull() }, order: { id: 'ASC' } });
  }

  /** Shares the component into the project; false when it already was. */
  async addLink(componentId: number, projectId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'INSERT INTO component_links (component_id, project_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING component_id',
      [componentId, projectId],
    );
    return rows.length > 0;
  }

  /** Whether other components share this one's working copy (`weblate://` links to it). */
  hasLinkedComponents(id: number, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return manager.getRepository(Component).existsBy({ linkedComponentId: id });
  }

  /** Every component of the project (those in categories too). */
  async findAllOfProject(projectId: number): Promise<ComponentContext[]> {
    return this.hydrate(await this.dataSource.getRepository(Component).find({ where: { projectId }, order: { name: 'ASC', id: 'ASC' } }));
  }

  /**
   * Components owning a working copy whose repository URL is one of `urls`, or ends in `/<fullName>` or
   * `:<fullName>` (with or without `.git`, any case): what a push notification for that repository updates.
   */
  async findRepositoryOwners(urls: string[], fullName: string): Promise<ComponentContext[]> {
    const components = await this.dataSource
      .getRepository(Component)
      .createQueryBuilder('c')
      .where('c.linked_component_id IS NULL')
      .andWhere(
        `(c.repo = ANY(:urls) OR (:fullName <> '' AND right(regexp_replace(lower(c.repo), '\\.git$', ''), length(:fullName) + 1)
           IN ('/' || lower(:fullName), ':' || lower(:fullName))))`,
        { urls, fullName: fullName.replace(/\.git$/i, '') },
      )
      .orderBy('c.id')
      .getMany();
    return this.hydrate(components);
  }

  /** Loads projects, languages, category paths and linked parents for many components in a few queries. */
  async hydrate(components: Component[]): Promise<ComponentContext[]> {
    if (components.length === 0) return [];
    const linkedIds = components.map((c) => c.linkedComponentId).filter((id): id is number => id !== null);
    const parents = linkedIds.length ? await this.dataSource.getRepository(Component).findBy({ id: In(linkedIds) }) : [];
    const all = [...components, ...parents];
    const projects = await this.dataSource.getRepository(Project).findBy({ id: In([...new Set(all.map((c) => c.projectId))]) });
    const languages = await this.languages.findByIds([...new Set(components.map((c) => c.sourceLanguageId))]);
    const paths = await this.categoryPaths(all.map((c) => c.categoryId).filter((id): id is number => id !== null));
    const projectById = new Map(projects.map((p) => [p.id, p]));
    const languageById = new Map(languages.map((l) => [l.id, l]));
    const parentById = new Map(parents.map((p) => [p.id, p]));
    const pathOf = (c: Component) => (c.categoryId === null ? c.slug : `${paths.get(c.categoryId)}/${c.slug}`);
    return components.map((component) => {
      const parent = component.linkedComponentId === null ? undefined : parentById.get(component.linkedComponentId);
      return {
        component,
        project: projectById.get(component.projectId)!,
        path: pathOf(component),
        sourceLanguage: languageById.get(component.sourceLanguageId)!,
        linked: parent ? { component: parent, projectSlug: projectById.get(parent.projectId)!.slug, path: pathOf(parent) } : null,
      };
    });
  }

  /** Category id → slash-joined slugs from the top-level category down. */
  private async categoryPaths(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows: { id: number; path: string }[] = await this.dataSource.query(
      `WITH RECURSIVE chain(start, id, slug, parent, depth) AS (
         SELECT id, id, slug, category_id, 0 FROM categories WHERE id = ANY($1::int[])
         UNION ALL
         SELECT chain.start, c.id, c.slug, c.category_id, chain.depth + 1 FROM categories c JOIN chain ON c.id = chain.parent WHERE chain.depth < 10
       )
       SELECT start AS id, string_agg(slug, '/' ORDER BY depth DESC) AS path FROM chain GROUP BY start`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((row) => [row.id, row.path]));
  }

  linkedProjects(componentId: number): Promise<Project[]> {
    return this.dataSource
      .getRepository(Project)
      .createQueryBuilder('p')
      .innerJoin('component_links', 'l', 'l.project_id = p.id')
      .where('l.component_id = :componentId', { componentId })
      .orderBy('p.slug')
      .getMany();
  }

  /** Stored image paths of the screenshots of the component's translations. */
  async screenshotImages(componentId: number): Promise<string[]> {
    const rows: { image_path: string }[] = await this.dataSource.query(
      'SELECT s.image_path FROM screenshots s JOIN translations t ON t.id = s.translation_id WHERE t.component_id = $1',
      [componentId],
    );
    return rows.map((row) => row.image_path);
  }

  async removeLink(componentId: number, projectSlug: string): Promise<{ affected: number }> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM component_links l JOIN projects p ON p.id = l.project_id WHERE l.component_id = $1 AND p.slug = $2',
      [componentId, projectSlug],
    );
    await this.dataSource.query(
      'DELETE FROM component_links l USING projects p WHERE p.id = l.project_id AND l.component_id = $1 AND p.slug = $2',
      [componentId, projectSlug],
    );
    return { affected: rows.length };
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  create(manager: EntityManager, fields: Partial<Component>): Component {
    return manager.getRepository(Component).create(fields);
  }

  save(manager: EntityManager, component: Component): Promise<Component> {
    return manager.getRepository(Component).save(component);
  }

  /** Sets the columns (e.g. the branch a clone found, the setup task, a merge failure); false when no such row. */
  async update(id: number, changes: Partial<Component>, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    return Boolean((await manager.getRepository(Component).update(id, changes)).affected);
  }

  /** Locks or unlocks; false when it already was (so only a change of state is logged). */
  async setLocked(manager: EntityManager, id: number, locked: boolean): Promise<boolean> {
    return Boolean((await manager.getRepository(Component).update({ id, locked: !locked }, { locked })).affected);
  }

  async delete(id: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.getRepository(Component).delete(id);
  }

  /** The owner of a working copy and every component sharing it, by id. */
  sharingWorkingCopy(ownerId: number): Promise<Component[]> {
    return this.dataSource.getRepository(Component).find({ where: [{ id: ownerId }, { linkedComponentId: ownerId }], order: { id: 'ASC' } });
  }

  async isCategoryOfProject(manager: EntityManager, categoryId: number, projectId: number): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM categories WHERE id = $1 AND project_id = $2', [categoryId, projectId]);
    return rows.length > 0;
  }

  /** Which of the name and slug another component of the same level already uses. */
  async takenNames(manager: EntityManager, component: Pick<Component, 'id' | 'projectId' | 'categoryId' | 'name' | 'slug'>): Promise<('name' | 'slug')[]> {
    const rows: { name: string; slug: string }[] = await manager.query(
      'SELECT name, slug FROM components WHERE project_id = $1 AND coalesce(category_id, 0) = coalesce($2, 0) AND (name = $3 OR slug = $4) AND id <> $5',
      [component.projectId, component.categoryId, component.name, component.slug, component.id ?? 0],
    );
    return (['name', 'slug'] as const).filter((field) => rows.some((row) => row[field] === component[field]));
  }

  /** Categories and components of one level share the URL namespace (`/projects/<p>/<slug>/`). */
  async isCategorySlug(manager: EntityManager, projectId: number, categoryId: number | null, slug: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM categories WHERE project_id = $1 AND coalesce(category_id, 0) = coalesce($2, 0) AND slug = $3 LIMIT 1',
      [projectId, categoryId, slug],
    );
    return rows.length > 0;
  }
}
