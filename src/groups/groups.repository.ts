import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { Group } from '../auth/group.entity';
import { Role } from '../auth/role.entity';
import { ComponentList } from '../component-lists/component-list.entity';
import { Component } from '../components/component.entity';
import { Language } from '../languages/language.entity';
import { Project } from '../projects/project.entity';
import { User } from '../users/user.entity';

/** Which groups a caller may see: all of them, or those the user is in or administers. */
export type GroupVisibility = { all: true } | { all: false; userId: number };

/** The join tables that link a group to what it grants, with the column naming the linked row. */
const LINKS = {
  roles: { table: 'group_roles', column: 'role_id' },
  languages: { table: 'group_languages', column: 'language_id' },
  admins: { table: 'group_admins', column: 'user_id' },
  projects: { table: 'group_projects', column: 'project_id' },
  components: { table: 'group_components', column: 'component_id' },
  componentlists: { table: 'group_component_lists', column: 'list_id' },
} as const;

export type GroupLink = keyof typeof LINKS;

/** What a group links to beyond its roles, languages and admins, by slug and id as the response needs them. */
export interface GroupTargets {
  groupId: number;
  definingProjectSlug: string | null;
  projectSlugs: string[];
  componentIds: number[];
  componentListSlugs: string[];
}

@Injectable()
export class GroupsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private visible(visibility: GroupVisibility): SelectQueryBuilder<Group> {
    const query = this.dataSource.getRepository(Group).createQueryBuilder('g').select('g.id');
    if (visibility.all) return query;
    return query.where(
      `(g.id IN (SELECT group_id FROM user_groups WHERE user_id = :userId)
        OR g.id IN (SELECT group_id FROM group_admins WHERE user_id = :userId))`,
      { userId: visibility.userId },
    );
  }

  countVisible(visibility: GroupVisibility): Promise<number> {
    return this.visible(visibility).getCount();
  }

  async pageVisible(visibility: GroupVisibility, offset: number, limit: number): Promise<Group[]> {
    const rows = await this.visible(visibility).orderBy('g.id').offset(offset).limit(limit).getMany();
    return this.findDetails(rows.map((row) => row.id));
  }

  async findVisible(visibility: GroupVisibility, id: number): Promise<Group | null> {
    const row = await this.visible(visibility).andWhere('g.id = :id', { id }).getOne();
    return row && (await this.findDetails([row.id]))[0];
  }

  /** Groups with everything their response lists, in id order (and each list in a stable order). */
  findDetails(ids: number[]): Promise<Group[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(Group).find({
      where: { id: In(ids) },
      relations: { roles: true, languages: true, admins: true },
      order: { id: 'ASC', roles: { id: 'ASC' }, languages: { code: 'ASC' }, admins: { username: 'ASC' } },
    });
  }

  /** The projects, components and component lists of many groups in one query, each list in a stable order. */
  async findTargets(ids: number[]): Promise<GroupTargets[]> {
    const rows: { id: number; defining: string | null; projects: string[]; components: number[]; lists: string[] }[] = await this.dataSource.query(
      `SELECT g.id, dp.slug AS defining,
         ARRAY(SELECT p.slug FROM group_projects gp JOIN projects p ON p.id = gp.project_id WHERE gp.group_id = g.id ORDER BY p.slug) AS projects,
         ARRAY(SELECT gc.component_id FROM group_components gc WHERE gc.group_id = g.id ORDER BY gc.component_id) AS components,
         ARRAY(SELECT l.slug FROM group_component_lists gl JOIN component_lists l ON l.id = gl.list_id WHERE gl.group_id = g.id ORDER BY l.slug) AS lists
       FROM groups g LEFT JOIN projects dp ON dp.id = g.defining_project_id
       WHERE g.id = ANY($1::int[])`,
      [ids],
    );
    return rows.map((row) => ({
      groupId: row.id,
      definingProjectSlug: row.defining,
      projectSlugs: row.projects,
      componentIds: row.components,
      componentListSlugs: row.lists,
    }));
  }

  findComponents(ids: number[]): Promise<Component[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.dataSource.getRepository(Component).findBy({ id: In(ids) });
  }

  /** Locks the row, so concurrent changes to one group apply one after the other. */
  findForUpdate(manager: EntityManager, id: number): Promise<Group | null> {
    return manager.getRepository(Group).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** Team names are unique among the site-wide groups and within each project's teams. */
  async isNameTaken(manager: EntityManager, name: string, definingProjectId: number | null, exceptId?: number): Promise<boolean> {
    const query = manager
      .getRepository(Group)
      .createQueryBuilder('g')
      .where('g.name = :name', { name })
      .andWhere('g.defining_project_id IS NOT DISTINCT FROM CAST(:definingProjectId AS integer)', { definingProjectId });
    if (exceptId !== undefined) query.andWhere('g.id <> :exceptId', { exceptId });
    return (await query.getCount()) > 0;
  }

  async isAdmin(groupId: number, userId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM group_admins WHERE group_id = $1 AND user_id = $2', [groupId, userId]);
    return rows.length > 0;
  }

  save(manager: EntityManager, group: Partial<Group>): Promise<Group> {
    return manager.getRepository(Group).save(group);
  }

  /** Memberships and links go with the group (the join rows cascade), as in Weblate. */
  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(Group).delete({ id });
  }

  async addLink(manager: EntityManager, link: GroupLink, groupId: number, targetId: number): Promise<void> {
    const { table, column } = LINKS[link];
    await manager.query(`INSERT INTO ${table} (group_id, ${column}) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [groupId, targetId]);
  }

  /** False when the group had no such link. */
  async removeLink(manager: EntityManager, link: GroupLink, groupId: number, targetId: number): Promise<boolean> {
    const { table, column } = LINKS[link];
    const result = await manager
      .createQueryBuilder()
      .delete()
      .from(table)
      .where(`group_id = :groupId AND ${column} = :targetId`, { groupId, targetId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  roleExists(manager: EntityManager, id: number): Promise<boolean> {
    return manager.getRepository(Role).existsBy({ id });
  }

  async findLanguageId(manager: EntityManager, code: string): Promise<number | null> {
    return (await manager.getRepository(Language).findOne({ where: { code }, select: { id: true } }))?.id ?? null;
  }

  findProject(manager: EntityManager, id: number): Promise<Project | null> {
    return manager.getRepository(Project).findOneBy({ id });
  }

  /** The project of a component, which decides who may see the component. */
  findComponentProject(manager: EntityManager, componentId: number): Promise<Project | null> {
    return manager
      .getRepository(Project)
      .createQueryBuilder('p')
      .innerJoin(Component, 'c', 'c.project_id = p.id')
      .where('c.id = :componentId', { componentId })
      .getOne();
  }

  componentListExists(manager: EntityManager, id: number): Promise<boolean> {
    return manager.getRepository(ComponentList).existsBy({ id });
  }

  userExists(manager: EntityManager, id: number): Promise<boolean> {
    return manager.getRepository(User).existsBy({ id });
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
