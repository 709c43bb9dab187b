import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import { requestContext } from '../core/http/request-context';
import { currentUser } from '../users/current-user';
import { User } from '../users/user.entity';
import { ProjectSelection } from './permissions.data';
import { Grant, UserPermissions } from './user-permissions';

const RESOLVED = Symbol('userPermissions');

/** The single entry point for "may this caller do that": user → groups → roles, scoped by projects and languages. */
@Injectable()
export class PermissionService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The caller's permissions, loaded once per request. */
  forRequest(req: Request): Promise<UserPermissions> {
    const holder = req as unknown as Record<symbol, Promise<UserPermissions> | undefined>;
    const { tokenProjectId } = requestContext(req);
    holder[RESOLVED] ??= this.forUser(currentUser(req), tokenProjectId);
    return holder[RESOLVED];
  }

  async forUser(user: User, onlyProjectId: number | null = null): Promise<UserPermissions> {
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
      [user.id, ProjectSelection.ComponentLists],
    );
    const grants: Grant[] = rows.map((row) => ({
      groupId: row.group_id,
      permissions: new Set(row.permissions),
      projectSelection: row.project_selection,
      languageSelection: row.language_selection,
      languageIds: new Set(row.language_ids),
      projectIds: new Set(row.project_ids),
      componentIds: new Set(row.component_ids),
      componentProjectIds: new Set(row.component_project_ids),
    }));
    return new UserPermissions(user.isSuperuser && user.isActive, grants, onlyProjectId);
  }
}
