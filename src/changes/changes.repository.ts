import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { whereComponentVisible, whereProjectVisible } from '../auth/project-visibility';
import { UserPermissions } from '../auth/user-permissions';
import { Project } from '../projects/project.entity';
import { ChangeAction, CONTENT_ACTIONS } from './change-actions';
import { Change } from './change.entity';
import { categoryPathSql } from '../categories/category-path.sql';
import { ChangeFilters } from './change-filters';
import type { FollowingWrite } from '../database/chained-write';

/** What to record; ids left out are null (project, component and language are filled in from the translation and component). */
export interface ChangeRecord {
  action: number;
  userId?: number | null;
  authorId?: number | null;
  projectId?: number | null;
  componentId?: number | null;
  translationId?: number | null;
  unitId?: number | null;
  languageId?: number | null;
  target?: string;
  old?: string;
  details?: Record<string, unknown>;
}

/** Which changes a list covers: those the caller may see site-wide, or those of one object the guard already checked. */
export type ChangeScope =
  | { kind: 'visible'; permissions: UserPermissions; languageId?: number }
  | { kind: 'project'; projectId: number; permissions: UserPermissions }
  | { kind: 'component'; componentId: number }
  | { kind: 'translation'; translationId: number };

/** A change with the names its links are built from. */
export interface ChangeRow {
  id: number;
  action: number;
  timestamp: Date;
  target: string;
  old: string;
  details: Record<string, unknown>;
  unitId: number | null;
  userName: string | null;
  authorName: string | null;
  /** The component's project slug and category path; null when the change names no component. */
  component: { projectSlug: string; path: string } | null;
  /** The translation's code as used in its URL; null when the change names no translation. */
  languageCode: string | null;
}

/** Someone who authored content changes of a translation file, and the years (UTC) they did. */
export interface FileContributor {
  filename: string;
  fullName: string;
  username: string;
  email: string;
  years: number[];
}

export interface ActivityCounts {
  translated: number;
  suggested: number;
  uploaded: number;
  commented: number;
}

const COLUMNS = [
  ['action', 'smallint'], ['user_id', 'int'], ['author_id', 'int'], ['project_id', 'int'], ['component_id', 'int'],
  ['translation_id', 'int'], ['unit_id', 'int'], ['language_id', 'int'], ['target', 'text'], ['old', 'text'], ['details', 'jsonb'],
] as const;

/*
 * One statement per batch: the rows travel as one array per column and are unnested server-side. The
 * project, component and language a translation or component implies are filled in when left out, as
 * Weblate's Change.save does, and rows are inserted in the order given so their ids follow it.
 */
const INSERT_ROWS = `
  INSERT INTO changes (action, user_id, author_id, project_id, component_id, translation_id, unit_id, language_id, target, old, details)
  SELECT v.action, v.user_id, v.author_id, COALESCE(v.project_id, co.project_id), COALESCE(v.component_id, tr.component_id), v.translation_id, v.unit_id,
         COALESCE(v.language_id, tr.language_id), v.target, v.old, v.details
  FROM unnest(${COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ')}) WITH ORDINALITY
       AS v(${COLUMNS.map(([name]) => name).join(', ')}, n)
  LEFT JOIN translations tr ON tr.id = v.translation_id
  LEFT JOIN components co ON co.id = COALESCE(v.component_id, tr.component_id)`;
const INSERT_BATCH = `${INSERT_ROWS} ORDER BY v.n`;

/** The change rows of the given ids, newest first, with what their URLs need (the category path is walked up). */
const HYDRATE = `
  SELECT ch.id, ch.action, ch.timestamp, ch.target, ch.old, ch.details, ch.unit_id,
         u.username AS user_name, a.username AS author_name, cp.slug AS project_slug,
         CASE WHEN cat.path IS NULL THEN co.slug ELSE cat.path || '/' || co.slug END AS component_path,
         tr.language_code
  FROM changes ch
  LEFT JOIN users u ON u.id = ch.user_id
  LEFT JOIN users a ON a.id = ch.author_id
  LEFT JOIN translations tr ON tr.id = ch.translation_id
  LEFT JOIN components co ON co.id = COALESCE(ch.component_id, tr.component_id)
  LEFT JOIN projects cp ON cp.id = co.project_id
  LEFT JOIN LATERAL (SELECT ${categoryPathSql('co.category_id')} AS path) cat ON true
  WHERE ch.id = ANY($1::int[])
  ORDER BY ch.timestamp DESC, ch.id DESC`;

@Injectable()
export class ChangesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Whether the component's log already has this action with this text. */
  async exists(manager: EntityManager, componentId: number, action: number, target: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM changes WHERE component_id = $1 AND action = $2 AND target = $3 LIMIT 1', [componentId, action, target]);
    return rows.length > 0;
  }

  /** Which of the components have in their log this action with details containing `details`. */
  async componentsWith(componentIds: readonly number[], action: number, details: Record<string, unknown>): Promise<Set<number>> {
    const rows: { component_id: number }[] = await this.dataSource.query(
      'SELECT DISTINCT component_id FROM changes WHERE component_id = ANY($1::int[]) AND action = $2 AND details @> $3::jsonb',
      [componentIds, action, JSON.stringify(details)],
    );
    return new Set(rows.map((row) => row.component_id));
  }

  async insert(manager: EntityManager, changes: readonly ChangeRecord[]): Promise<void> {
    if (changes.length === 0) return;
    await manager.query(INSERT_BATCH, columnsOf(changes));
  }

  /** The insert as a write chained after another (`writeChained`): made only when that one wrote. */
  insertAfterWrite(changes: readonly ChangeRecord[]): FollowingWrite {
    return (written) => ({ sql: `${INSERT_ROWS} WHERE EXISTS (SELECT 1 FROM ${written}) ORDER BY v.n`, params: columnsOf(changes) });
  }

  /**
   * One change per row a write returned (`ord`, `unit_id`, `target text[]`, `old text[]`; `writeChained`), in `ord`
   * order, with the rest of the record from `template`: the rows never travel back to the application.
   */
  insertWritten(template: ChangeRecord): FollowingWrite {
    return (written) => ({
      sql: `INSERT INTO changes (action, user_id, author_id, project_id, component_id, translation_id, unit_id, language_id, target, old, details)
            SELECT $1, $2, $3, $4, $5, $6, d.unit_id, $7, array_to_string(d.target, E'\\n'), array_to_string(d.old, E'\\n'), $8::jsonb
            FROM ${written} d ORDER BY d.ord`,
      params: [
        template.action, template.userId ?? null, template.authorId ?? null, template.projectId ?? null, template.componentId ?? null,
        template.translationId ?? null, template.languageId ?? null, JSON.stringify(template.details ?? {}),
      ],
    });
  }

  count(scope: ChangeScope, filters: ChangeFilters): Promise<number> {
    return this.selection(scope, filters).getCount();
  }

  /** One page, newest first (the order the changes_timestamp index serves). */
  async page(scope: ChangeScope, filters: ChangeFilters, offset: number, limit: number): Promise<ChangeRow[]> {
    const ids: { id: number }[] = await this.selection(scope, filters)
      .select('ch.id', 'id')
      .orderBy('ch.timestamp', 'DESC')
      .addOrderBy('ch.id', 'DESC')
      .offset(offset)
      .limit(limit)
      .getRawMany();
    return this.hydrate(ids.map((row) => row.id));
  }

  async findVisible(id: number, permissions: UserPermissions): Promise<ChangeRow | null> {
    const found: { id: number } | undefined = await this.selection({ kind: 'visible', permissions }, {})
      .select('ch.id', 'id')
      .andWhere('ch.id = :id', { id })
      .getRawOne();
    return found ? ((await this.hydrate([found.id]))[0] ?? null) : null;
  }

  /**
   * Each user's activity as Weblate's profile counts it: strings they authored, suggestions and comments they
   * made, and files they uploaded. One query for a whole page of users; each count reads its own index.
   */
  async countActivity(userIds: readonly number[]): Promise<Map<number, ActivityCounts>> {
    const rows: ({ user_id: number } & ActivityCounts)[] = await this.dataSource.query(
      `SELECT u.id AS user_id,
              (SELECT count(*) FROM changes WHERE author_id = u.id AND action = ANY($2::smallint[]))::int AS translated,
              (SELECT count(*) FROM changes WHERE user_id = u.id AND action = $3)::int AS suggested,
              (SELECT count(*) FROM changes WHERE user_id = u.id AND action = $4)::int AS uploaded,
              (SELECT count(*) FROM changes WHERE user_id = u.id AND action = $5)::int AS commented
       FROM unnest($1::int[]) AS u(id)`,
      [userIds, CONTENT_ACTIONS, ChangeAction.Suggestion, ChangeAction.FileUpload, ChangeAction.Comment],
    );
    return new Map(rows.map(({ user_id: userId, ...counts }) => [userId, counts]));
  }

  /**
   * The authors of string changes (Weblate's content changes) to the component's translations with these files,
   * each in the order of their first such change; those without an e-mail address (anonymous, bots) cannot be credited.
   */
  contributorsOfFiles(componentId: number, filenames: readonly string[]): Promise<FileContributor[]> {
    return this.dataSource.query(
      `SELECT t.filename, u.full_name AS "fullName", u.username, u.email,
              array_agg(DISTINCT extract(year FROM ch.timestamp AT TIME ZONE 'UTC')::int) AS years
       FROM translations t
       JOIN changes ch ON ch.translation_id = t.id AND ch.action = ANY($3::smallint[])
       JOIN users u ON u.id = ch.author_id
       WHERE t.component_id = $1 AND t.filename = ANY($2::text[]) AND u.email <> ''
       GROUP BY t.filename, u.id
       ORDER BY t.filename, min(ch.timestamp), u.id`,
      [componentId, filenames, CONTENT_ACTIONS],
    );
  }

  private selection(scope: ChangeScope, filters: ChangeFilters): SelectQueryBuilder<Change> {
    const query = this.dataSource.getRepository(Change).createQueryBuilder('ch');
    switch (scope.kind) {
      case 'visible':
        query.leftJoin(Project, 'p', 'p.id = ch.project_id').leftJoin('components', 'c', 'c.id = ch.component_id');
        // Site-wide entries (no project) are administrators' business, as in Weblate.
        if (!scope.permissions.isSuperuser) query.andWhere('ch.project_id IS NOT NULL');
        whereProjectVisible(query, 'p', scope.permissions.projectVisibility());
        // Changes of a restricted component show only to those who see it; project-wide changes have no component.
        whereComponentVisible(query, 'c', scope.permissions.projectVisibility(), { allowMissing: true });
        if (scope.languageId !== undefined) query.andWhere('ch.language_id = :languageId', { languageId: scope.languageId });
        break;
      case 'project':
        query.andWhere('ch.project_id = :projectId', { projectId: scope.projectId }).leftJoin('components', 'c', 'c.id = ch.component_id');
        whereComponentVisible(query, 'c', scope.permissions.projectVisibility(), { allowMissing: true });
        break;
      case 'component':
        query.andWhere('ch.component_id = :componentId', { componentId: scope.componentId });
        break;
      case 'translation':
        query.andWhere('ch.translation_id = :translationId', { translationId: scope.translationId });
        break;
    }
    if (filters.username !== undefined) {
      query.andWhere('ch.user_id = (SELECT id FROM users WHERE username = :username)', { username: filters.username });
    }
    if (filters.actions) query.andWhere('ch.action IN (:...actions)', { actions: filters.actions });
    if (filters.after) query.andWhere('ch.timestamp >= :after', { after: filters.after });
    if (filters.before) query.andWhere('ch.timestamp <= :before', { before: filters.before });
    return query;
  }

  private async hydrate(ids: number[]): Promise<ChangeRow[]> {
    if (ids.length === 0) return [];
    const rows: {
      id: number; action: number; timestamp: Date; target: string; old: string; details: Record<string, unknown>; unit_id: number | null;
      user_name: string | null; author_name: string | null; project_slug: string | null; component_path: string | null; language_code: string | null;
    }[] = await this.dataSource.query(HYDRATE, [ids]);
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      timestamp: row.timestamp,
      target: row.target,
      old: row.old,
      details: row.details,
      unitId: row.unit_id,
      userName: row.user_name,
      authorName: row.author_name,
      component: row.project_slug !== null && row.component_path !== null ? { projectSlug: row.project_slug, path: row.component_path } : null,
      languageCode: row.language_code,
    }));
  }
}

/** The records as one array per column, the parameters of INSERT_ROWS. */
function columnsOf(changes: readonly ChangeRecord[]): unknown[][] {
  const columns: unknown[][] = COLUMNS.map(() => []);
  for (const change of changes) {
    const values = [
      change.action, change.userId ?? null, change.authorId ?? null, change.projectId ?? null, change.componentId ?? null,
      change.translationId ?? null, change.unitId ?? null, change.languageId ?? null, change.target ?? '', change.old ?? '',
      JSON.stringify(change.details ?? {}),
    ];
    values.forEach((value, index) => columns[index].push(value));
  }
  return columns;
}
