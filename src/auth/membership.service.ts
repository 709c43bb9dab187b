import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NEW_USER_GROUPS } from './permissions.data';
import { UserPermissions } from './user-permissions';

/** Who is in which group. */
@Injectable()
export class MembershipService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** New accounts join the default site-wide groups, as Weblate's automatic group rules do. */
  async joinDefaultGroups(userId: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO user_groups (user_id, group_id)
       SELECT $1, id FROM groups WHERE name = ANY($2::text[]) AND defining_project_id IS NULL
       ON CONFLICT DO NOTHING`,
      [userId, NEW_USER_GROUPS],
    );
  }

  async add(userId: number, groupId: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, groupId]);
  }

  async remove(userId: number, groupId: number, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query('DELETE FROM user_groups WHERE user_id = $1 AND group_id = $2', [userId, groupId]);
  }

  /** Group and user managers may change any membership; a team's administrators that of their own team. */
  async canManage(permissions: UserPermissions, userId: number, groupId: number): Promise<boolean> {
    if (permissions.hasSite('group.edit') || permissions.hasSite('user.edit')) return true;
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM group_admins WHERE group_id = $1 AND user_id = $2', [groupId, userId]);
    return rows.length > 0;
  }

  async groupIdsOf(userId: number): Promise<number[]> {
    const rows: { group_id: number }[] = await this.dataSource.query('SELECT group_id FROM user_groups WHERE user_id = $1 ORDER BY group_id', [userId]);
    return rows.map((row) => row.group_id);
  }
}
