import { objectRule } from '../../auth/policy/object-rules';

/** What an upload asks for beyond `upload.perform`, by method and option (Weblate's upload permissions). */
export const UPLOAD_RULES = {
  translate: objectRule({ name: 'upload.translate', on: 'object', permission: 'unit.edit', when: 'method is translate, fuzzy or replace' }),
  approve: objectRule({ name: 'upload.approve', on: 'object', permission: 'unit.review', when: 'method is approve' }),
  suggest: objectRule({ name: 'upload.suggest', on: 'object', permission: 'suggestion.add', when: 'method is suggest' }),
  add: objectRule({ name: 'upload.add', on: 'object', permission: 'unit.add', when: 'method is add' }),
  replaceFile: objectRule({
    name: 'upload.replace-file',
    on: 'object',
    permission: 'component.edit',
    otherwise: ['unit.add', 'unit.delete'],
    when: 'method is replace: the file replaces the strings, adding and removing some',
  }),
  overwrite: objectRule({ name: 'upload.overwrite', on: 'object', permission: 'upload.overwrite', when: 'conflicts replace translated or approved strings' }),
  overwriteApproved: objectRule({ name: 'upload.overwrite-approved', on: 'object', permission: 'unit.review', when: 'conflicts is replace-approved' }),
  authorship: objectRule({ name: 'upload.authorship', on: 'object', permission: 'upload.authorship', when: 'the strings are credited to another author' }),
};
