import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ProjectVisibility } from './user-permissions';

/**
 * Narrows a query to rows of projects the caller can see: public and protected projects, those their
 * teams open, or everything; a project-scoped key only its own project. `projectAlias` is the joined
 * projects table; with `componentAlias` (the joined components table), restricted components are narrowed
 * too. The same rule as UserPermissions.canSee, for lists.
 */
export function whereProjectVisible<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  projectAlias: string,
  visibility: ProjectVisibility,
  componentAlias?: string,
): SelectQueryBuilder<T> {
  if (componentAlias) whereComponentVisible(query, componentAlias, visibility);
  if (visibility.onlyProjectId !== null) query.andWhere(`${projectAlias}.id = :onlyProjectId`, { onlyProjectId: visibility.onlyProjectId });
  if (!visibility.all) {
    query.andWhere(`(${projectAlias}.access_control IN (0, 1) OR ${projectAlias}.id = ANY(:visibleProjectIds))`, {
      visibleProjectIds: visibility.projectIds,
    });
  }
  return query;
}

/**
 * Narrows a query to rows of components the caller can see, on top of whereProjectVisible: a restricted
 * component only to those whose groups name it (and superusers). `componentAlias` is the joined components table.
 */
export function whereComponentVisible<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  componentAlias: string,
  visibility: ProjectVisibility,
  options: { allowMissing?: boolean } = {},
): SelectQueryBuilder<T> {
  if (!visibility.allRestricted) {
    // With allowMissing, rows without a component (a left join found none) stay.
    const missing = options.allowMissing ? `${componentAlias}.id IS NULL OR ` : '';
    query.andWhere(`(${missing}NOT ${componentAlias}.restricted OR ${componentAlias}.id = ANY(:visibleComponentIds))`, {
      visibleComponentIds: visibility.componentIds,
    });
  }
  return query;
}
