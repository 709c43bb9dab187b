import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In } from 'typeorm';
import { detachedCopy, GenerationCache } from '../core/caching/generation-cache';
import { LanguageLookup } from '../languages/language-lookup';
import { Project } from '../projects/project.entity';
import type { ComponentContext } from './component-context';
import { Component } from './component.entity';

const CONTEXTS_KEPT = 2_000;

/** Finding components and what comes with them (project, source language, category path, linked owner). */
@Injectable()
export class ComponentLookupRepository {
  /**
   * Contexts by `<project slug>/<path>` and by id, for requests naming a component (see `LoadTarget`); a context is a
   * few kilobytes, so fewer are kept than the default.
   */
  private readonly byPath = new GenerationCache<string, ComponentContext | null>(detachedCopy, CONTEXTS_KEPT);
  private readonly byId = new GenerationCache<number, ComponentContext | null>(detachedCopy, CONTEXTS_KEPT);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly languages: LanguageLookup,
  ) {}

  /** With an access generation, from the cache kept under it when there. */
  findByPath(projectSlug: string, path: string, generation?: string): Promise<ComponentContext | null> {
    if (generation === undefined) return this.loadByPath(projectSlug, path);
    return this.byPath.get(`${projectSlug}/${path}`, generation, () => this.loadByPath(projectSlug, path));
  }

  /** `docs/usage` in project `hello`: walk the categories from the top, then the component slug. */
  private async loadByPath(projectSlug: string, path: string): Promise<ComponentContext | null> {
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

  /** With an access generation (and no transaction of the caller's), from the cache kept under it when there. */
  findCurrent(id: number, generation: string): Promise<ComponentContext | null> {
    return this.byId.get(id, generation, () => this.findById(id));
  }

  async findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<ComponentContext | null> {
    const component = await manager.getRepository(Component).findOneBy({ id });
    return component ? (await this.hydrate([component]))[0] : null;
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
    // Independent reads, in flight together: a component's context is loaded on most requests.
    const [projects, languages, paths, addonIds] = await Promise.all([
      this.dataSource.getRepository(Project).findBy({ id: In([...new Set(all.map((c) => c.projectId))]) }),
      this.languages.findByIds([...new Set(components.map((c) => c.sourceLanguageId))]),
      this.categoryPaths(all.map((c) => c.categoryId).filter((id): id is number => id !== null)),
      this.addonIdsOf(components.map((c) => c.id)),
    ]);
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
        addonIds: addonIds.get(component.id) ?? [],
      };
    });
  }

  /** Component id → the ids of its add-ons, oldest first (the `addons` links of the component). */
  private async addonIdsOf(ids: number[]): Promise<Map<number, number[]>> {
    const rows: { component_id: number; ids: number[] }[] = await this.dataSource.query(
      'SELECT component_id, array_agg(id ORDER BY id) AS ids FROM addons WHERE component_id = ANY($1::int[]) GROUP BY component_id',
      [ids],
    );
    return new Map(rows.map((row) => [row.component_id, row.ids]));
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

  /** The owner of a working copy and every component sharing it, by id. */
  sharingWorkingCopy(ownerId: number): Promise<Component[]> {
    return this.dataSource.getRepository(Component).find({ where: [{ id: ownerId }, { linkedComponentId: ownerId }], order: { id: 'ASC' } });
  }

  async setMergeFailure(ownerId: number, failure: string): Promise<void> {
    await this.dataSource.getRepository(Component).update(ownerId, { mergeFailure: failure });
  }
}
