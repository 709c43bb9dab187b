import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ANONYMOUS_USERNAME } from '../users/user.entity';
import { ANONYMOUS_GROUPS, DEFAULT_GROUPS, DEFAULT_ROLES } from './permissions.data';

/**
 * Brings the default roles and groups in line with permissions.data.ts after migrating. Default roles get
 * the current permission sets (as Weblate's setup does on upgrade); default groups are created once and then
 * left to the administrators.
 */
@Injectable()
export class AccessDataSync {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async sync(): Promise<void> {
    const roles = Object.entries(DEFAULT_ROLES);
    const groups = Object.entries(DEFAULT_GROUPS);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO roles (name, permissions)
         SELECT name, ARRAY(SELECT json_array_elements_text(permissions::json))
         FROM unnest($1::text[], $2::text[]) AS d(name, permissions)
         ON CONFLICT (name) DO UPDATE SET permissions = EXCLUDED.permissions`,
        [roles.map(([name]) => name), roles.map(([, permissions]) => JSON.stringify([...new Set(permissions)].sort()))],
      );
      const created: { id: number; name: string }[] = await manager.query(
        `INSERT INTO groups (name, project_selection, language_selection, internal)
         SELECT d.name, d.projects, d.languages, true
         FROM unnest($1::text[], $2::int[], $3::int[]) AS d(name, projects, languages)
         WHERE NOT EXISTS (SELECT 1 FROM groups g WHERE g.name = d.name AND g.defining_project_id IS NULL)
         RETURNING id, name`,
        [groups.map(([name]) => name), groups.map(([, group]) => group.projectSelection), groups.map(([, group]) => group.languageSelection)],
      );
      for (const group of created) {
        await manager.query(
          'INSERT INTO group_roles (group_id, role_id) SELECT $1, id FROM roles WHERE name = ANY($2::text[])',
          [group.id, DEFAULT_GROUPS[group.name].roles],
        );
      }
      await manager.query(
        `INSERT INTO user_groups (user_id, group_id)
         SELECT u.id, g.id FROM users u JOIN groups g ON g.name = ANY($2::text[]) AND g.defining_project_id IS NULL
         WHERE u.username = $1 AND g.id = ANY($3::int[])
         ON CONFLICT DO NOTHING`,
        [ANONYMOUS_USERNAME, ANONYMOUS_GROUPS, created.map((group) => group.id)],
      );
    });
  }
}
