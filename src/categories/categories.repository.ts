import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ProjectVisibility } from '../auth/user-permissions';
import { AccessControl } from '../projects/project.entity';
import { Category } from './category.entity';
import type { CategoryRow } from './category-row';
import { retryingTransaction } from '../database/retrying-transaction';

interface RawRow {
  id: number;
  name: string;
  slug: string;
  project_id: number;
  category_id: number | null;
  project_slug: string;
  access_control: AccessControl;
  check_flags: string;
  license: string;
  agreement: string;
}

const SELECT = `SELECT c.id, c.name, c.slug, c.project_id, c.category_id, p.slug AS project_slug, p.access_control,
  p.check_flags, p.license, p.agreement
  FROM categories c JOIN projects p ON p.id = c.project_id`;

@Injectable()
export class CategoriesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findById(id: number, manager: EntityManager = this.dataSource.manager): Promise<CategoryRow | null> {
    const rows: RawRow[] = await manager.query(`${SELECT} WHERE c.id = $1`, [id]);
    return rows[0] ? toRow(rows[0]) : null;
  }

  /** Categories of visible projects (or of one project), paged; returns rows and the total. */
  async count(filter: CategoryFilter): Promise<number> {
    const { where, params } = filtered(filter);
    const [{ count }]: { count: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM categories c JOIN projects p ON p.id = c.project_id ${where}`,
      params,
    );
    return count;
  }

  async page(filter: CategoryFilter, offset: number, limit: number): Promise<CategoryRow[]> {
    const { where, params } = filtered(filter);
    const rows: RawRow[] = await this.dataSource.query(
      `${SELECT} ${where} ORDER BY p.slug, c.id OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, offset, limit],
    );
    return rows.map(toRow);
  }

  save(manager: EntityManager, category: Category): Promise<Category> {
    return manager.getRepository(Category).save(category);
  }

  /** Subcategories go with it (foreign keys cascade). */
  async delete(id: number): Promise<void> {
    await this.dataSource.getRepository(Category).delete(id);
  }

  /** Ids of the category and its ancestors, nearest first: for depth limits and cycle checks. */
  async ancestry(id: number, manager: EntityManager): Promise<number[]> {
    const rows: { id: number }[] = await manager.query(
      `WITH RECURSIVE chain(id, parent, depth) AS (
         SELECT id, category_id, 1 FROM categories WHERE id = $1
         UNION ALL SELECT c.id, c.category_id, chain.depth + 1 FROM categories c JOIN chain ON c.id = chain.parent WHERE chain.depth < 50
       ) SELECT id FROM chain ORDER BY depth`,
      [id],
    );
    return rows.map((row) => row.id);
  }

  /** Depth of the subtree below a category (0 for a leaf), so moving it never nests too deep. */
  async subtreeHeight(id: number, manager: EntityManager): Promise<number> {
    const [{ height }]: { height: number }[] = await manager.query(
      `WITH RECURSIVE below(id, depth) AS (
         SELECT id, 0 FROM categories WHERE id = $1
         UNION ALL SELECT c.id, below.depth + 1 FROM categories c JOIN below ON c.category_id = below.id WHERE below.depth < 50
       ) SELECT max(depth)::int AS height FROM below`,
      [id],
    );
    return height;
  }

  async siblingConflicts(manager: EntityManager, c: { projectId: number; categoryId: number | null; name: string; slug: string }, exceptId: number): Promise<('name' | 'slug')[]> {
    const rows: { name: string; slug: string }[] = await manager.query(
      `SELECT name, slug FROM categories WHERE project_id = $1 AND coalesce(category_id, 0) = coalesce($2, 0) AND (name = $3 OR slug = $4) AND id <> $5`,
      [c.projectId, c.categoryId, c.name, c.slug, exceptId],
    );
    return (['name', 'slug'] as const).filter((field) => rows.some((row) => row[field] === c[field]));
  }

  /** Categories and components of one level share the URL namespace (`/projects/<p>/<slug>/`). */
  async componentHasSlug(manager: EntityManager, c: { projectId: number; categoryId: number | null; slug: string }): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      'SELECT 1 FROM components WHERE project_id = $1 AND coalesce(category_id, 0) = coalesce($2, 0) AND slug = $3 LIMIT 1',
      [c.projectId, c.categoryId, c.slug],
    );
    return rows.length > 0;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return retryingTransaction(this.dataSource, work);
  }
}

function toRow(raw: RawRow): CategoryRow {
  const category = Object.assign(new Category(), { id: raw.id, name: raw.name, slug: raw.slug, projectId: raw.project_id, categoryId: raw.category_id });
  const projectSettings = { checkFlags: raw.check_flags, license: raw.license, agreement: raw.agreement };
  return { category, projectSlug: raw.project_slug, accessControl: raw.access_control, projectSettings };
}

/** Categories of one project, of the projects the caller can see, or both. */
export interface CategoryFilter {
  visibility?: ProjectVisibility;
  projectId?: number;
}

function filtered(filter: CategoryFilter): { where: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    conditions.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.projectId !== undefined) add('p.id = ?', filter.projectId);
  const visibility = filter.visibility;
  if (visibility?.onlyProjectId != null) add('p.id = ?', visibility.onlyProjectId);
  if (visibility && !visibility.all) add('(p.access_control IN (0, 1) OR p.id = ANY(?::int[]))', visibility.projectIds);
  return { where: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}
