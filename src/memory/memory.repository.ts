import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { whereProjectVisible } from '../auth/project-visibility';
import { ProjectVisibility } from '../auth/user-permissions';
import { categoryPathSql } from '../categories/category-path.sql';
import { PLURAL_SEPARATOR, UnitState } from '../formats';

/** One stored pair, with what visibility checks need of its project. */
export interface MemoryRow {
  id: number;
  source: string;
  target: string;
  sourceLanguageId: number;
  targetLanguageId: number;
  origin: string;
  projectId: number | null;
  projectAccessControl: number | null;
  /** The owner of a personal entry (one without a project). */
  userId: number | null;
  fromFile: boolean;
  shared: boolean;
}

/** Weblate's list filters: a substring of the source, language codes, a project slug, an origin. */
export interface MemoryFilter {
  source?: string;
  sourceLanguage?: string;
  targetLanguage?: string;
  project?: string;
  origin?: string;
}

/** Who is asking: the projects they can see, their own entries, and whether all others without a project are theirs to see. */
export interface MemoryViewer {
  visibility: ProjectVisibility;
  userId: number;
  seesSiteWide: boolean;
}

/** An entry as exports write it, languages by code. */
export interface MemoryExportRow {
  source: string;
  target: string;
  sourceLanguage: string;
  targetLanguage: string;
  origin: string;
  projectId: number | null;
  userId: number | null;
  fromFile: boolean;
  shared: boolean;
}

const COLUMNS = `m.id, m.source, m.target, m.source_language_id AS "sourceLanguageId", m.target_language_id AS "targetLanguageId",
  m.origin, m.project_id AS "projectId", p.access_control AS "projectAccessControl", m.user_id AS "userId", m.from_file AS "fromFile", m.shared`;

@Injectable()
export class MemoryRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores each saved string's current source and target when it is translated or approved (not read-only, not a
   * source string, not empty) as its project's entry and, saved by a person (not a bot), as that user's own entry
   * (Weblate's per-project and per-user memories), with the component's full slug as origin; a pair a scope already
   * has is left as it is. One statement for any number of saved strings, whatever their components and categories.
   */
  async recordUnits(manager: EntityManager, saved: readonly { unitId: number; userId: number | null }[]): Promise<void> {
    if (!saved.length) return;
    await manager.query(
      `INSERT INTO memory (source, target, source_language_id, target_language_id, origin, project_id, user_id)
       SELECT array_to_string(u.source, $3), array_to_string(u.target, $3), co.source_language_id, tr.language_id,
              p.slug || '/' || coalesce(${categoryPathSql('co.category_id')} || '/', '') || co.slug, scope.project_id, scope.user_id
       FROM unnest($1::int[], $2::int[]) WITH ORDINALITY AS s(unit_id, user_id, n)
       JOIN units u ON u.id = s.unit_id
       JOIN translations tr ON tr.id = u.translation_id
       JOIN components co ON co.id = tr.component_id
       JOIN projects p ON p.id = co.project_id
       CROSS JOIN LATERAL (VALUES (co.project_id, NULL::integer), (NULL, (SELECT id FROM users WHERE id = s.user_id AND NOT is_bot))) AS scope (project_id, user_id)
       WHERE u.state IN (${UnitState.Translated}, ${UnitState.Approved}) AND NOT tr.is_source
         AND array_to_string(u.target, '') <> '' AND (scope.project_id IS NOT NULL OR scope.user_id IS NOT NULL)
       ORDER BY s.n
       ON CONFLICT DO NOTHING`,
      [saved.map((unit) => unit.unitId), saved.map((unit) => unit.userId), PLURAL_SEPARATOR],
    );
  }

  async count(filter: MemoryFilter, viewer: MemoryViewer): Promise<number> {
    const row = await this.listQuery(filter, viewer).select('count(*)::int', 'count').getRawOne<{ count: number }>();
    return row?.count ?? 0;
  }

  async page(filter: MemoryFilter, viewer: MemoryViewer, offset: number, limit: number): Promise<MemoryRow[]> {
    return this.listQuery(filter, viewer).select(COLUMNS).orderBy('m.id').offset(offset).limit(limit).getRawMany<MemoryRow>();
  }

  /** Every entry the viewer sees that matches, in the order they were stored: what a download holds. */
  async entries(filter: MemoryFilter, viewer: MemoryViewer): Promise<MemoryExportRow[]> {
    return this.listQuery(filter, viewer)
      .innerJoin('languages', 'sl', 'sl.id = m.source_language_id')
      .innerJoin('languages', 'tl', 'tl.id = m.target_language_id')
      .select(`m.source, m.target, sl.code AS "sourceLanguage", tl.code AS "targetLanguage", m.origin, m.project_id AS "projectId",
        m.user_id AS "userId", m.from_file AS "fromFile", m.shared`)
      .orderBy('m.id')
      .getRawMany<MemoryExportRow>();
  }

  async findById(id: number): Promise<MemoryRow | null> {
    const rows: MemoryRow[] = await this.dataSource.query(`SELECT ${COLUMNS} FROM memory m LEFT JOIN projects p ON p.id = m.project_id WHERE m.id = $1`, [id]);
    return rows[0] ?? null;
  }

  async remove(id: number): Promise<void> {
    await this.dataSource.query('DELETE FROM memory WHERE id = $1', [id]);
  }

  private listQuery(filter: MemoryFilter, viewer: MemoryViewer): SelectQueryBuilder<object> {
    const query = this.dataSource.createQueryBuilder().from('memory', 'm').leftJoin('projects', 'p', 'p.id = m.project_id');
    const visible = whereProjectVisible(this.dataSource.createQueryBuilder().select('vp.id').from('projects', 'vp'), 'vp', viewer.visibility);
    const inVisibleProject = `m.project_id IN (${visible.getQuery()})`;
    const withoutProject = viewer.seesSiteWide ? 'm.project_id IS NULL' : '(m.project_id IS NULL AND m.user_id = :viewerId)';
    query.where(`(${withoutProject} OR ${inVisibleProject})`, { viewerId: viewer.userId }).setParameters(visible.getParameters());
    if (filter.source !== undefined) query.andWhere("m.source ILIKE '%' || :source || '%'", { source: escapeLike(filter.source) });
    if (filter.sourceLanguage !== undefined) {
      query.andWhere('m.source_language_id IN (SELECT id FROM languages WHERE code = :sourceLanguage)', { sourceLanguage: filter.sourceLanguage });
    }
    if (filter.targetLanguage !== undefined) {
      query.andWhere('m.target_language_id IN (SELECT id FROM languages WHERE code = :targetLanguage)', { targetLanguage: filter.targetLanguage });
    }
    if (filter.project !== undefined) query.andWhere('p.slug = :project', { project: filter.project });
    if (filter.origin !== undefined) query.andWhere('m.origin = :origin', { origin: filter.origin });
    return query;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
