import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, SelectQueryBuilder } from 'typeorm';
import { whereProjectVisible } from '../auth/project-visibility';
import { ProjectVisibility } from '../auth/user-permissions';
import { categoryPathSql } from '../categories/category-path.sql';
import { ANONYMOUS_USERNAME } from '../users/user.entity';

/** How many hits of each kind the search returns, as Weblate's. */
const HITS_PER_KIND = 5;

/** Case-insensitive substring of any of the columns; strpos, so `%` and `_` in the text match themselves. */
function matchesAny(columns: string[]): string {
  return `(${columns.map((column) => `strpos(lower(${column}), lower(:q)) > 0`).join(' OR ')})`;
}

export interface PathHit {
  name: string;
  projectSlug: string;
  path: string;
}

/** The site search's reads across modules (a repository may join other modules' tables to read). */
@Injectable()
export class SearchRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  projects(q: string, visibility: ProjectVisibility): Promise<{ name: string; slug: string }[]> {
    const query = this.from('projects', 'p').select(['p.name AS name', 'p.slug AS slug']).where(matchesAny(['p.name', 'p.slug']), { q });
    return this.firstHits(whereProjectVisible(query, 'p', visibility), 'p.name');
  }

  categories(q: string, visibility: ProjectVisibility): Promise<PathHit[]> {
    const query = this.from('categories', 'cat')
      .innerJoin('projects', 'p', 'p.id = cat.project_id')
      .select(['cat.name AS name', 'p.slug AS "projectSlug"', `${categoryPathSql('cat.id')} AS path`])
      .where(matchesAny(['cat.name', 'cat.slug']), { q });
    return this.firstHits(whereProjectVisible(query, 'p', visibility), 'cat.name');
  }

  components(q: string, visibility: ProjectVisibility): Promise<PathHit[]> {
    const query = this.from('components', 'c')
      .innerJoin('projects', 'p', 'p.id = c.project_id')
      .select(['c.name AS name', 'p.slug AS "projectSlug"', `concat_ws('/', ${categoryPathSql('c.category_id')}, c.slug) AS path`])
      .where(matchesAny(['c.name', 'c.slug']), { q });
    return this.firstHits(whereProjectVisible(query, 'p', visibility, 'c'), 'c.name');
  }

  /** Active accounts; the anonymous user is no account. */
  users(q: string): Promise<{ username: string; fullName: string }[]> {
    const query = this.from('users', 'u')
      .select(['u.username AS username', 'u.full_name AS "fullName"'])
      .where(matchesAny(['u.username', 'u.full_name']), { q })
      .andWhere('u.is_active')
      .andWhere('u.username <> :anonymous', { anonymous: ANONYMOUS_USERNAME });
    return this.firstHits(query, 'u.username');
  }

  /** `onlyTranslated`: the languages list's rule for callers who may not see every language. */
  languages(q: string, onlyTranslated: boolean): Promise<{ name: string; code: string }[]> {
    const query = this.from('languages', 'l').select(['l.name AS name', 'l.code AS code']).where(matchesAny(['l.name', 'l.code']), { q });
    if (onlyTranslated) query.andWhere('EXISTS (SELECT 1 FROM translations tr WHERE tr.language_id = l.id)');
    return this.firstHits(query, 'l.name');
  }

  private from(table: string, alias: string): SelectQueryBuilder<object> {
    return this.dataSource.createQueryBuilder().from(table, alias);
  }

  private firstHits<T>(query: SelectQueryBuilder<object>, orderColumn: string): Promise<T[]> {
    return query.orderBy(orderColumn).limit(HITS_PER_KIND).getRawMany<T>();
  }
}
