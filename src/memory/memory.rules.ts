import { objectRule } from '../auth/policy/object-rules';

export const MEMORY_RULES = {
  /** Entries without a project are the site's: listed, shown and deleted only for those managing the memory. */
  manageSiteWide: objectRule({
    name: 'memory.manage-site-wide',
    on: 'site',
    permission: 'memory.manage',
    when: 'site-wide memory entries are listed, shown or deleted',
  }),
  delete: objectRule({
    name: 'memory.delete',
    on: 'object',
    permission: 'memory.delete',
    when: "a project's memory entry is deleted",
    denied: 'Can not delete memory entry',
  }),
};
