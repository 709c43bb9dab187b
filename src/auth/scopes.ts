import { PermissionScope } from './user-permissions';

interface ScopedProject {
  id: number;
  accessControl: number;
}

/** Where a permission on a project (or on something of the project outside any component) is asked for. */
export function projectScope(project: ScopedProject, languageId?: number): PermissionScope {
  return { projectId: project.id, accessControl: project.accessControl, ...(languageId === undefined ? {} : { languageId }) };
}

/** Where a permission on a component, or on a translation, string or screenshot of it, is asked for. */
export function componentScope(context: { project: ScopedProject; component: { id: number; restricted: boolean } }, languageId?: number): PermissionScope {
  return { ...projectScope(context.project, languageId), component: { id: context.component.id, restricted: context.component.restricted } };
}
