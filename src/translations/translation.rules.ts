import { objectRule } from '../auth/policy/object-rules';

/** What adding a language asks for beyond `translation.add`. */
export const TRANSLATION_RULES = {
  addLanguageAnyway: objectRule({
    name: 'translation.add-without-new-lang',
    on: 'object',
    permission: 'component.edit',
    when: 'the component does not let translators add languages (new_lang is not "add")',
    denied: 'You do not have permissions to add new translation file.',
  }),
};
