import { ValidationOptions } from 'class-validator';
import { repositoryPathProblem } from '../../vcs/work-tree';
import { stringRule } from './string-rule';

/**
 * A relative path inside the repository (a file mask, a template, a base file); empty is fine: the field is then
 * unset. Such paths are joined to the working copy, so the work tree's own rule decides.
 */
export function IsRelativeRepositoryPath(options?: ValidationOptions): PropertyDecorator {
  return stringRule('relativeRepositoryPath', (value) => (value === '' ? null : repositoryPathProblem(value)), options);
}
