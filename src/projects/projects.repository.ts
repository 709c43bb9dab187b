import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { whereProjectVisible } from '../auth/project-visibility';
import { ProjectVisibility } from '../auth/user-permissions';
import { detachedCopy, GenerationCache } from '../core/caching/generation-cache';
import { Project } from './project.entity';
import { findEntityByColumn } from '../database/entity-by-column';
import { retryingTransaction } from '../database/retrying-transaction';

@Injectable()
export class ProjectsRepository {
  /** Projects by slug, for requests naming one (see `LoadTarget`). */
  private readonly bySlug = new GenerationCache<string, Project | null>(detachedCopy);

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private visible(visibility: ProjectVisibility): SelectQueryBuilder<Project> {
    return whereProjectVisible(this.dataSource.getRepository(Project).createQueryBuilder('project'), 'project', visibility);
  }

  countVisible(visibility: ProjectVisibility): Promise<number> {
    return this.visible(visibility).getCount();
  }

  pageVisible(visibility: ProjectVisibility, offset: number, limit: number): Promise<Project[]> {
    return this.visible(visibility).orderBy('project.name').addOrderBy('project.id').offset(offset).limit(limit).getMany();
  }

  /**
   * Every request under `/projects/<slug>/` starts here (the policy guard's target); with an access generation, from
   * the cache kept under it when there.
   */
  findBySlug(slug: string, generation?: string): Promise<Project | null> {
    const load = () => findEntityByColumn(this.dataSource, Project, 'slug', slug);
    return generation === undefined ? load() : this.bySlug.get(slug, generation, load);
  }

  findById(id: number): Promise<Project | null> {
    return this.dataSource.getRepository(Project).findOneBy({ id });
  }

  /** Name or slug already used by another project (both are unique, case-insensitively as in Weblate). */
  async conflicts(manager: EntityManager, fields: { name?: string; slug?: string }, exceptId?: number): Promise<('name' | 'slug')[]> {
    const rows: { name: string; slug: string }[] = await manager.query(
      'SELECT name, slug FROM projects WHERE (lower(name) = lower($1) OR lower(slug) = lower($2)) AND id <> $3',
      [fields.name ?? null, fields.slug ?? null, exceptId ?? 0],
    );
    const taken: ('name' | 'slug')[] = [];
    if (fields.name && rows.some((row) => row.name.toLowerCase() === fields.name!.toLowerCase())) taken.push('name');
    if (fields.slug && rows.some((row) => row.slug.toLowerCase() === fields.slug!.toLowerCase())) taken.push('slug');
    return taken;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return retryingTransaction(this.dataSource, work);
  }

  save(manager: EntityManager, project: Partial<Project>): Promise<Project> {
    const projects = manager.getRepository(Project);
    return projects.save(projects.create(project));
  }
}
