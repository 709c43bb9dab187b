import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { NEW_USER_GROUPS } from './permissions.data';

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

  async groupIdsOf(userId: number): Promise<number[]> {
    const rows: { group_id: number }[] = await this.dataSource.query('SELECT group_id FROM user_groups WHERE user_id = $1 ORDER BY group_id', [userId]);
    return rows.map((row) => row.group_id);
  }
}
