import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ProjectVisibility } from './user-permissions';

/**
 * Narrows a query to rows of projects the caller can see: public and protected projects, those their
 * teams open, or everything; a project-scoped key only its own project. `projectAlias` is the joined
 * projects table. The same rule as UserPermissions.canSee, for lists.
 */
export function whereProjectVisible<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  projectAlias: string,
  visibility: ProjectVisibility,
): SelectQueryBuilder<T> {
  if (visibility.onlyProjectId !== null) query.andWhere(`${projectAlias}.id = :onlyProjectId`, { onlyProjectId: visibility.onlyProjectId });
  if (!visibility.all) {
    query.andWhere(`(${projectAlias}.access_control IN (0, 1) OR ${projectAlias}.id = ANY(:visibleProjectIds))`, {
      visibleProjectIds: visibility.projectIds,
    });
  }
  return query;
}
