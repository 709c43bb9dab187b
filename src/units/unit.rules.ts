import { objectRule } from '../auth/policy/object-rules';

/** What writing a string asks for beyond `unit.edit` (PATCH/PUT /api/units/<id>/). */
export const UNIT_RULES = {
  editSourceFields: objectRule({
    name: 'unit.edit-source-fields',
    on: 'object',
    permission: 'source.edit',
    when: 'the explanation, extra flags or labels of a source string change',
  }),
  propagate: objectRule({
    name: 'unit.propagate',
    on: 'object',
    permission: 'unit.edit',
    when: 'an edit propagates to the same string in another component (checked there: without it, that string is left as it was)',
  }),
  review: objectRule({
    name: 'unit.review',
    on: 'object',
    permission: 'unit.review',
    when: 'a string is approved, or an approved string changes (also where an edit propagates to: without it, that string is left as it was)',
    denied: 'Insufficient privileges for approving translations.',
  }),
};
