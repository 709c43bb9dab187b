import { objectRule } from '../auth/policy/object-rules';

/**
 * Managing an add-on (its secrets shown, site-wide ones listed) takes what installing it took: routes that change
 * one check the same permissions through their policy (ManageTarget, addon-access.ts).
 */
export const ADDON_RULES = {
  manageOnComponent: objectRule({
    name: 'addon.manage-on-component',
    on: 'object',
    permission: 'component.edit',
    when: "a component add-on is shown: its configuration's secrets only to those who manage it",
  }),
  manageOnProject: objectRule({
    name: 'addon.manage-on-project',
    on: 'object',
    permission: 'project.edit',
    when: "a project add-on is shown: its configuration's secrets only to those who manage it",
  }),
  manageSiteWide: objectRule({
    name: 'addon.manage-site-wide',
    on: 'site',
    permission: 'management.addons',
    when: 'add-ons are listed: site-wide ones only to those who manage them',
  }),
};
