import { Component } from '../components/component.entity';
import { globToRegExp } from '../vcs/work-tree';

/**
 * The paths among `changed` that a scan of the component reads: its translation files (the file mask) and its
 * template. A component none of whose files changed upstream has nothing to read again after an update.
 */
export function filesReadBy(component: Pick<Component, 'filemask' | 'template'>, changed: readonly string[]): string[] {
  const mask = globToRegExp(component.filemask);
  return changed.filter((path) => mask.test(path) || path === component.template);
}
