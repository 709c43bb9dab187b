import { ValidationOptions } from 'class-validator';
import { stringRule } from './string-rule';

/**
 * Why a path inside a repository (a file mask, a template, a base file) is refused, or null when it is
 * fine. Such paths are joined to the working copy: an absolute one or one climbing out with `..` would name
 * files of the server instead. The messages are Weblate's.
 */
function repositoryPathProblem(value: string): string | null {
  if (value.includes('\0')) return 'Null characters are not allowed.';
  if (/^[\\/]/.test(value) || /^[a-zA-Z]:/.test(value)) return 'The filename can not be an absolute path.';
  if (value.split(/[\\/]/).includes('..')) return 'The filename can not contain reference to a parent directory.';
  return null;
}

/** A relative path inside the repository (empty is fine: the field is then unset). */
export function IsRelativeRepositoryPath(options?: ValidationOptions): PropertyDecorator {
  return stringRule('relativeRepositoryPath', repositoryPathProblem, options);
}
