import { objectRule } from '../auth/policy/object-rules';

export const GROUP_RULES = {
  seeAll: objectRule({
    name: 'group.see-all',
    on: 'site',
    permission: 'group.view',
    otherwise: ['group.edit'],
    when: 'groups are listed or shown: without it, only those the caller is in or administers',
  }),
};
