import { objectRule } from '../auth/policy/object-rules';

/** What automatic translation asks for beyond `translation.auto`. */
export const AUTOTRANSLATE_RULES = {
  approve: objectRule({
    name: 'autotranslate.approve',
    on: 'object',
    permission: 'unit.review',
    when: 'mode is approved (without it, Weblate does not offer that mode: a 400 on mode)',
  }),
};
