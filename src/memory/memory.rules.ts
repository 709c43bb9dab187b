import { objectRule } from '../auth/policy/object-rules';

export const MEMORY_RULES = {
  /**
   * Entries without a project that are not the caller's own are the site's (imported files, shared entries, other
   * users' personal ones): listed, shown, deleted and imported only by those managing the memory.
   */
  manageSiteWide: objectRule({
    name: 'memory.manage-site-wide',
    on: 'site',
    permission: 'memory.manage',
    when: 'site-wide memory entries are listed, shown, deleted or imported',
  }),
  delete: objectRule({
    name: 'memory.delete',
    on: 'object',
    permission: 'memory.delete',
    when: "a project's memory entry is deleted",
    denied: 'Can not delete memory entry',
  }),
  edit: objectRule({
    name: 'memory.edit',
    on: 'object',
    permission: 'memory.edit',
    when: "a file is imported into a project's memory",
    denied: 'Can not edit memory',
  }),
};
