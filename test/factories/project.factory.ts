import { randomBytes } from 'node:crypto';
import { Project, AccessControl } from '../../src/projects/project.entity';
import { MembershipService } from '../../src/auth/membership.service';
import { TestApp } from '../support/test-app';

/** A project with its teams, as the API would create it; every call makes a distinct project. */
export async function createProject(t: TestApp, overrides: Partial<Project> = {}): Promise<Project> {
  const slug = `p-${randomBytes(4).toString('hex')}`;
  return t.dataSource.transaction(async (manager) => {
    const project = await manager.getRepository(Project).save({ name: `Project ${slug}`, slug, web: 'https://example.org/', ...overrides });
    if (project.accessControl !== AccessControl.Custom) await t.app.get(MembershipService).createProjectTeams(manager, project.id);
    return project;
  });
}

/** Puts the user in one of the project's teams (Administration, Translate, Review, VCS, ...). */
export async function joinProjectTeam(t: TestApp, userId: number, project: Project, team: string): Promise<void> {
  const rows = await t.dataSource.query('SELECT id FROM groups WHERE defining_project_id = $1 AND name = $2', [project.id, team]);
  if (rows.length !== 1) throw new Error(`project ${project.slug} has no team ${team}`);
  await t.dataSource.query('INSERT INTO user_groups (user_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, rows[0].id]);
}
