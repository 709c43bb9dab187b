import { EntityManager } from 'typeorm';
import { LanguageSelection, PROJECT_TEAMS, ProjectSelection } from '../auth/permissions.data';

/**
 * Creates the per-project teams Weblate makes for projects it manages access for (every access control but
 * custom), each holding one role. Returns the team ids by name.
 */
export async function createProjectTeams(manager: EntityManager, projectId: number): Promise<Map<string, number>> {
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
