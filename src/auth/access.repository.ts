import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { LanguageSelection, NEW_USER_GROUPS, PROJECT_TEAMS, ProjectSelection } from './permissions.data';
import { Grant } from './user-permissions';
import { retryingTransaction } from '../database/retrying-transaction';

/** The roles and site-wide groups every installation has (permissions.data.ts), and the anonymous user's groups. */
export interface DefaultAccess {
  roles: { name: string; permissions: string[] }[];
  groups: { name: string; projectSelection: number; languageSelection: number; roles: readonly string[] }[];
  anonymous: { username: string; groups: readonly string[] };
}

/** Groups, their members and what they grant: the tables access control reads and writes. */
@Injectable()
export class AccessRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The access generation: grows with every committed change to the tables grantsOf reads (migration count-access-changes). */
  async generation(): Promise<string> {
    const [row]: { value: string }[] = await this.dataSource.query('SELECT value FROM access_generation');
    return row.value;
  }

  /** What each of the user's groups grants, with the projects, languages and components it grants on. */
  async grantsOf(userId: number): Promise<Grant[]> {
    const rows: {
      group_id: number;
      project_selection: number;
      language_selection: number;
      permissions: string[];
      language_ids: number[];
      project_ids: number[];
      component_ids: number[];
      component_project_ids: number[];
    }[] = await this.dataSource.query(
      `WITH granted AS (
         SELECT g.id AS group_id,
           -- As in Weblate, a group selecting from component lists grants on the lists' components (members by
           -- hand or by rule) instead of on projects; any group also grants on the components added to it.
           ARRAY(
             SELECT gc.component_id FROM group_components gc WHERE gc.group_id = g.id
             UNION
             SELECT m.component_id FROM group_component_lists gcl JOIN component_list_members m ON m.list_id = gcl.list_id
             WHERE gcl.group_id = g.id AND g.project_selection = $2
           ) AS component_ids
         FROM user_groups ug JOIN groups g ON g.id = ug.group_id WHERE ug.user_id = $1
       )
       SELECT g.id AS group_id, g.project_selection, g.language_selection,
         ARRAY(SELECT DISTINCT unnest(r.permissions) FROM group_roles gr JOIN roles r ON r.id = gr.role_id WHERE gr.group_id = g.id) AS permissions,
         ARRAY(SELECT gl.language_id FROM group_languages gl WHERE gl.group_id = g.id) AS language_ids,
         CASE WHEN g.project_selection = $2 THEN '{}'::int[] ELSE ARRAY(SELECT gp.project_id FROM group_projects gp WHERE gp.group_id = g.id) END
           || CASE WHEN g.defining_project_id IS NULL THEN '{}'::int[] ELSE ARRAY[g.defining_project_id] END AS project_ids,
         granted.component_ids,
         ARRAY(SELECT DISTINCT c.project_id FROM components c WHERE c.id = ANY(granted.component_ids)) AS component_project_ids
       FROM granted JOIN groups g ON g.id = granted.group_id`,
      [userId, ProjectSelection.ComponentLists],
    );
    return rows.map((row) => ({
      groupId: row.group_id,
      permissions: new Set(row.permissions),
      projectSelection: row.project_selection,
      languageSelection: row.language_selection,
      languageIds: new Set(row.language_ids),
      projectIds: new Set(row.project_ids),
      componentIds: new Set(row.component_ids),
      componentProjectIds: new Set(row.component_project_ids),
    }));
  }

  /** New accounts join the default site-wide groups, as Weblate's automatic group rules do. */
  async joinDefaultGroups(manager: EntityManager, userId: number): Promise<void> {
    await manager.query(
      `INSERT INTO user_groups (user_id, group_id)
       SELECT $1, id FROM groups WHERE name = ANY($2::text[]) AND defining_project_id IS NULL
       ON CONFLICT DO NOTHING`,
      [userId, NEW_USER_GROUPS],
    );
  }

  async addMember(manager: EntityManager, userId: number, groupId: number): Promise<void> {
    await manager.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, groupId]);
  }

  async removeMember(manager: EntityManager, userId: number, groupId: number): Promise<void> {
    await manager.query('DELETE FROM user_groups WHERE user_id = $1 AND group_id = $2', [userId, groupId]);
  }

  async isGroupAdmin(groupId: number, userId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query('SELECT 1 FROM group_admins WHERE group_id = $1 AND user_id = $2', [groupId, userId]);
    return rows.length > 0;
  }

  async groupIdsOf(userId: number): Promise<number[]> {
    const rows: { group_id: number }[] = await this.dataSource.query('SELECT group_id FROM user_groups WHERE user_id = $1 ORDER BY group_id', [userId]);
    return rows.map((row) => row.group_id);
  }

  /** Of the ids given, those naming teams of the project. */
  async teamsOfProject(manager: EntityManager, projectId: number, ids: number[]): Promise<number[]> {
    const rows: { id: number }[] = await manager.query('SELECT id FROM groups WHERE defining_project_id = $1 AND id = ANY($2::int[])', [projectId, ids]);
    return rows.map((row) => row.id);
  }

  /**
   * Creates the per-project teams Weblate makes for projects it manages access for (every access control but
   * custom), each holding one role; those the project has already are left. Returns the new team ids by name.
   */
  async createProjectTeams(manager: EntityManager, projectId: number): Promise<Map<string, number>> {
    const teams = Object.entries(PROJECT_TEAMS);
    const rows: { id: number; name: string }[] = await manager.query(
      `INSERT INTO groups (name, project_selection, language_selection, defining_project_id, internal)
       SELECT name, $2, $3, $1, true FROM unnest($4::text[]) AS name
       ON CONFLICT DO NOTHING
       RETURNING id, name`,
      [projectId, ProjectSelection.AsDefined, LanguageSelection.All, teams.map(([name]) => name)],
    );
    await manager.query(
      `INSERT INTO group_roles (group_id, role_id)
       SELECT g.id, r.id FROM groups g
       JOIN unnest($2::text[], $3::text[]) AS t(team, role) ON t.team = g.name
       JOIN roles r ON r.name = t.role
       WHERE g.defining_project_id = $1
       ON CONFLICT DO NOTHING`,
      [projectId, teams.map(([name]) => name), teams.map(([, role]) => role)],
    );
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  /**
   * Roles get the permission sets given; groups missing are created with their roles (existing ones are left
   * to the administrators), and the anonymous user joins the new ones of its groups.
   */
  async syncDefaults({ roles, groups, anonymous }: DefaultAccess): Promise<void> {
    await retryingTransaction(this.dataSource, async (manager) => {
      await manager.query(
        `INSERT INTO roles (name, permissions)
         SELECT name, ARRAY(SELECT json_array_elements_text(permissions::json))
         FROM unnest($1::text[], $2::text[]) AS d(name, permissions)
         ON CONFLICT (name) DO UPDATE SET permissions = EXCLUDED.permissions`,
        [roles.map((role) => role.name), roles.map((role) => JSON.stringify(role.permissions))],
      );
      const created: { id: number; name: string }[] = await manager.query(
        `INSERT INTO groups (name, project_selection, language_selection, internal)
         SELECT d.name, d.projects, d.languages, true
         FROM unnest($1::text[], $2::int[], $3::int[]) AS d(name, projects, languages)
         WHERE NOT EXISTS (SELECT 1 FROM groups g WHERE g.name = d.name AND g.defining_project_id IS NULL)
         RETURNING id, name`,
        [groups.map((group) => group.name), groups.map((group) => group.projectSelection), groups.map((group) => group.languageSelection)],
      );
      for (const group of created) {
        await manager.query(
          'INSERT INTO group_roles (group_id, role_id) SELECT $1, id FROM roles WHERE name = ANY($2::text[])',
          [group.id, groups.find((candidate) => candidate.name === group.name)!.roles],
        );
      }
      await manager.query(
        `INSERT INTO user_groups (user_id, group_id)
         SELECT u.id, g.id FROM users u JOIN groups g ON g.name = ANY($2::text[]) AND g.defining_project_id IS NULL
         WHERE u.username = $1 AND g.id = ANY($3::int[])
         ON CONFLICT DO NOTHING`,
        [anonymous.username, anonymous.groups, created.map((group) => group.id)],
      );
    });
  }
}
