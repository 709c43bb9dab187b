import { Check } from './check';

/** A plural string with some forms translated and others empty or absent. */
export const pluralsCheck: Check = {
  id: 'plurals',
  name: 'Missing plurals',
  run: ({ source, target, pluralCount }) => source.length > 1 && (target.length < pluralCount || target.includes('')),
};
