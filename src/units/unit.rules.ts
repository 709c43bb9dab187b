import { objectRule } from '../auth/policy/object-rules';

/** What writing a string asks for beyond `unit.edit` (PATCH/PUT /api/units/<id>/). */
export const UNIT_RULES = {
  editSourceFields: objectRule({
    name: 'unit.edit-source-fields',
    on: 'object',
    permission: 'source.edit',
    when: 'the explanation, extra flags or labels of a source string change',
  }),
  review: objectRule({
    name: 'unit.review',
    on: 'object',
    permission: 'unit.review',
    when: 'a string is approved, or an approved string changes',
    denied: 'Insufficient privileges for approving translations.',
  }),
};
