import { objectRule } from '../auth/policy/object-rules';

export const SCREENSHOT_RULES = {
  add: objectRule({
    name: 'screenshot.add-to-translation',
    on: 'object',
    permission: 'screenshot.add',
    when: 'a screenshot is uploaded (checked on the translation the body names)',
    denied: 'Can not add screenshot.',
  }),
};
