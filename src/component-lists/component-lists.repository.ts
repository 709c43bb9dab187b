import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { whereProjectVisible } from '../auth/project-visibility';
import { ProjectVisibility } from '../auth/user-permissions';
import { countsFromRow, StatisticsCounts, TRANSLATION_SUMS } from '../languages/statistics-counts';
import { Component } from '../components/component.entity';
import { AccessControl } from '../projects/project.entity';
import { ComponentListRule } from './component-list-rule.entity';
import { ComponentList } from './component-list.entity';

/** A member of a list: added by hand or matched by one of its rules (the component_list_members view). */
export interface ListMember {
  listId: number;
  componentId: number;
}

export interface RulePatterns {
  projectMatch: string;
  componentMatch: string;
}

/** Whether project `p` is visible: the SQL form of UserPermissions.canSee, for list queries. */
const VISIBLE_PROJECT = `(:all OR p.access_control = ANY(:open) OR p.id = ANY(:ids)) AND (CAST(:only AS integer) IS NULL OR p.id = :only)
  AND (:allRestricted OR NOT c.restricted OR c.id = ANY(:componentIds))`;

function visibilityParams(visibility: ProjectVisibility): Record<string, unknown> {
  return {
    all: visibility.all, open: [AccessControl.Public, AccessControl.Protected], ids: visibility.projectIds, only: visibility.onlyProjectId,
    allRestricted: visibility.allRestricted, componentIds: visibility.componentIds,
  };
}

@Injectable()
export class ComponentListsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Sums of the translations of the list's components the caller can see (source translations left out). */
  async visibleCounts(listId: number, visibility: ProjectVisibility): Promise<StatisticsCounts> {
    const query = this.dataSource
      .createQueryBuilder()
      .select(TRANSLATION_SUMS)
      .from('translations', 't')
      .innerJoin('components', 'c', 'c.id = t.component_id')
      .innerJoin('projects', 'p', 'p.id = c.project_id')
      .where('c.id IN (SELECT component_id FROM component_list_members WHERE list_id = :listId)', { listId })
      .andWhere('NOT t.is_source');
    whereProjectVisible(query, 'p', visibility, 'c');
    return countsFromRow((await query.getRawOne()) ?? {});
  }

  /**
   * Lists with no members, or with a member the caller can see, as Weblate's queryset does: a list made only
   * of components in hidden projects is hidden too.
   */
  private visible(visibility: ProjectVisibility): SelectQueryBuilder<ComponentList> {
    return this.dataSource
      .getRepository(ComponentList)
      .createQueryBuilder('l')
      .select('l.id')
      .where(
        `(NOT EXISTS (SELECT 1 FROM component_list_members m WHERE m.list_id = l.id)
          OR EXISTS (SELECT 1 FROM component_list_members m JOIN components c ON c.id = m.component_id JOIN projects p ON p.id = c.project_id
                     WHERE m.list_id = l.id AND ${VISIBLE_PROJECT}))`,
        visibilityParams(visibility),
      );
  }

  countVisible(visibility: ProjectVisibility): Promise<number> {
    return this.visible(visibility).getCount();
  }

  async pageVisible(visibility: ProjectVisibility, offset: number, limit: number): Promise<ComponentList[]> {
    const rows = await this.visible(visibility).orderBy('l.id').offset(offset).limit(limit).getMany();
    return this.findWithRules(rows.map((row) => row.id));
  }

  async findVisibleBySlug(visibility: ProjectVisibility, slug: string): Promise<ComponentList | null> {
    const row = await this.visible(visibility).andWhere('l.slug = :slug', { slug }).getOne();
    return row && (await this.findWithRules([row.id]))[0];
  }

  /** Lists with their rules, in id order (rules too). */
  findWithRules(ids: number[]): Promise<ComponentList[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(ComponentList).find({
      where: { id: In(ids) },
      relations: { rules: true },
      order: { id: 'ASC', rules: { id: 'ASC' } },
    });
  }

  /** Locks the row, so concurrent changes to one list apply one after the other. */
  findForUpdate(manager: EntityManager, id: number): Promise<ComponentList | null> {
    return manager.getRepository(ComponentList).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The members of the lists the caller can see, in component id order. */
  async visibleMembers(visibility: ProjectVisibility, listIds: number[]): Promise<ListMember[]> {
    if (listIds.length === 0) return [];
    const rows: { list_id: number; component_id: number }[] = await this.dataSource
      .createQueryBuilder()
      .select(['m.list_id AS list_id', 'm.component_id AS component_id'])
      .from('component_list_members', 'm')
      .innerJoin('components', 'c', 'c.id = m.component_id')
      .innerJoin('projects', 'p', 'p.id = c.project_id')
      .where('m.list_id = ANY(:listIds)', { listIds })
      .andWhere(VISIBLE_PROJECT, visibilityParams(visibility))
      .orderBy('m.component_id')
      .getRawMany();
    return rows.map((row) => ({ listId: row.list_id, componentId: row.component_id }));
  }

  /** The members of a list the caller can see. */
  private visibleComponents(visibility: ProjectVisibility, listId: number): SelectQueryBuilder<Component> {
    return this.dataSource
      .getRepository(Component)
      .createQueryBuilder('c')
      .innerJoin('component_list_members', 'm', 'm.component_id = c.id')
      .innerJoin('projects', 'p', 'p.id = c.project_id')
      .where('m.list_id = :listId', { listId })
      .andWhere(VISIBLE_PROJECT, visibilityParams(visibility));
  }

  countVisibleComponents(visibility: ProjectVisibility, listId: number): Promise<number> {
    return this.visibleComponents(visibility, listId).getCount();
  }

  pageVisibleComponents(visibility: ProjectVisibility, listId: number, offset: number, limit: number): Promise<Component[]> {
    return this.visibleComponents(visibility, listId).orderBy('c.id').offset(offset).limit(limit).getMany();
  }

  findComponents(ids: number[]): Promise<Component[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.dataSource.getRepository(Component).findBy({ id: In(ids) });
  }

  /** Which of name and slug another list already uses. */
  async conflicts(manager: EntityManager, fields: { name?: string; slug?: string }, exceptId = 0): Promise<('name' | 'slug')[]> {
    const rows: { name: string; slug: string }[] = await manager.query(
      'SELECT name, slug FROM component_lists WHERE (name = $1 OR slug = $2) AND id <> $3',
      [fields.name ?? null, fields.slug ?? null, exceptId],
    );
    const taken: ('name' | 'slug')[] = [];
    if (rows.some((row) => row.name === fields.name)) taken.push('name');
    if (rows.some((row) => row.slug === fields.slug)) taken.push('slug');
    return taken;
  }

  save(manager: EntityManager, list: Partial<ComponentList>): Promise<ComponentList> {
    return manager.getRepository(ComponentList).save(list);
  }

  async replaceRules(manager: EntityManager, listId: number, rules: RulePatterns[]): Promise<void> {
    await manager.getRepository(ComponentListRule).delete({ listId });
    if (rules.length > 0) await manager.getRepository(ComponentListRule).insert(rules.map((rule) => ({ listId, ...rule })));
  }

  /** Rules and hand-added members go with the list (the rows cascade), as do the groups' links to it. */
  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(ComponentList).delete({ id });
  }

  async addComponent(manager: EntityManager, listId: number, componentId: number): Promise<void> {
    await manager.query('INSERT INTO component_list_components (list_id, component_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [listId, componentId]);
  }

  /** Removes the hand-added members with this slug, whatever their project; returns how many there were. */
  async removeComponentsBySlug(manager: EntityManager, listId: number, slug: string): Promise<number> {
    const result = await manager
      .createQueryBuilder()
      .delete()
      .from('component_list_components')
      .where('list_id = :listId AND component_id IN (SELECT id FROM components WHERE slug = :slug)', { listId, slug })
      .execute();
    return result.affected ?? 0;
  }

  /**
   * Why PostgreSQL refuses a rule pattern, or null if it accepts it. Rules are matched by the database, whose
   * regular expressions differ from JavaScript's in places, so a pattern must satisfy both.
   */
  async patternError(pattern: string): Promise<string | null> {
    const [row]: { error: string | null }[] = await this.dataSource.query('SELECT component_list_pattern_error($1) AS error', [pattern]);
    return row.error;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
