import { objectRule } from '../auth/policy/object-rules';

/** What components ask for beyond their routes' policies. */
export const COMPONENT_RULES = {
  shareInto: objectRule({
    name: 'component.share-into-project',
    on: 'object',
    permission: 'project.edit',
    when: 'a component is shared into another project (checked on that project)',
    denied: 'Can not edit the project the component would be shared with.',
  }),
  useRepository: objectRule({
    name: 'component.use-repository',
    on: 'object',
    permission: 'component.edit',
    when: 'repo is weblate://<project>/<component> (checked on the component named)',
  }),
  seeRepository: objectRule({
    name: 'component.see-repository',
    on: 'object',
    permission: 'vcs.view',
    when: 'a component is shown: without it, the repository fields are null',
  }),
};
