import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, IsNull, SelectQueryBuilder } from 'typeorm';
import { whereProjectVisible } from '../auth/project-visibility';
import { ProjectVisibility } from '../auth/user-permissions';
import { Project } from '../projects/project.entity';
import { Component } from './component.entity';
import { retryingTransaction } from '../database/retrying-transaction';

export interface ComponentFilter {
  visibility?: ProjectVisibility;
  projectId?: number;
}

/** What the components module itself reads and writes: lists, links, saves and the checks before them. */
@Injectable()
export class ComponentsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  count(filter: ComponentFilter): Promise<number> {
    return this.filtered(filter).getCount();
  }

  /** Components of visible projects (or of one project), ordered by project and name. */
  page(filter: ComponentFilter, offset: number, limit: number): Promise<Component[]> {
    return this.filtered(filter).orderBy('p.slug').addOrderBy('c.name').addOrderBy('c.id').offset(offset).limit(limit).getMany();
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

  /** The components of the project owning a working copy of this repository URL, oldest first, for automatic sharing. */
  findSharingCandidates(manager: EntityManager, projectId: number, repo: string): Promise<Component[]> {
    return manager.getRepository(Component).find({ where: { projectId, repo, linkedComponentId: IsNull() }, order: { id: 'ASC' } });
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
    return retryingTransaction(this.dataSource, work);
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
