import { Check } from './check';

/** Flag `max-length:N`: no form may be longer than N characters (code points, as Python counts them). */
export const maxLengthCheck: Check = {
  id: 'max-length',
  name: 'Maximum length of translation',
  optIn: true,
  run: ({ target, flags }) => {
    const limit = Number.parseInt(flags.value('max-length') ?? '', 10);
    if (Number.isNaN(limit)) return false;
    return target.some((form) => [...form].length > limit);
  },
};
