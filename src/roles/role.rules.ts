import { objectRule } from '../auth/policy/object-rules';

export const ROLE_RULES = {
  seeAll: objectRule({
    name: 'role.see-all',
    on: 'site',
    permission: 'role.view',
    otherwise: ['role.edit'],
    when: "roles are listed or shown: without it, only those the caller's groups grant",
  }),
};
