import { objectRule } from './policy/object-rules';

export const MEMBERSHIP_RULES = {
  manageAnyMembership: objectRule({
    name: 'membership.manage-any',
    on: 'site',
    permission: 'group.edit',
    otherwise: ['user.edit'],
    when: "someone joins or leaves a group: without it, only a team's administrators may, for their team",
  }),
};
