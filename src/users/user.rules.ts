import { objectRule } from '../auth/policy/object-rules';

/** What accounts ask for beyond their routes' policies; one's own account needs neither. */
export const USER_RULES = {
  seeAccounts: objectRule({
    name: 'user.see-accounts',
    on: 'site',
    permission: 'user.view',
    otherwise: ['user.edit'],
    when: 'users are listed or shown: without it, others appear with their public fields only',
  }),
  manageOthersNotifications: objectRule({
    name: 'user.manage-others-notifications',
    on: 'site',
    permission: 'user.edit',
    when: "someone else's notification subscriptions are read or changed",
  }),
};
