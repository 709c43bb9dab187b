import { objectRule } from '../auth/policy/object-rules';

export const CATEGORY_RULES = {
  createInProject: objectRule({
    name: 'category.create-in-project',
    on: 'object',
    permission: 'project.edit',
    when: 'a category is created (checked on the project the body names)',
    denied: 'Can not edit this project.',
  }),
};
