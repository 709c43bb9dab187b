import { objectRule } from '../auth/policy/object-rules';

export const LANGUAGE_RULES = {
  seeAll: objectRule({
    name: 'language.see-all',
    on: 'site',
    permission: 'language.edit',
    when: 'languages are listed or shown: without it, only those with a translation somewhere',
  }),
};
