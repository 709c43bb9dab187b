import type { ProjectSettings } from '../projects/effective-settings';
import type { AccessControl } from '../projects/project.entity';
import type { Category } from './category.entity';

/** A category with what access checks, links and inherited settings need from its project. */
export interface CategoryRow {
  category: Category;
  projectSlug: string;
  accessControl: AccessControl;
  projectSettings: ProjectSettings;
}
