import { Check, CheckContext, flagName } from './check';
import { Flags } from './flags';
import { CHECKS } from './registry';

export { regexFlagProblem } from './placeholders';
export { editFlags } from './flags';

export interface CheckInput {
  /** One entry per plural form (a single entry when not plural). */
  source: readonly string[];
  target: readonly string[];
  /**
   * Flags in Weblate syntax, already merged from the unit's flags, the source unit's extra_flags and the
   * component/project check_flags, comma separated: e.g. "c-format, max-length:80, ignore-end-stop".
   */
  flags: string;
  /** Number of plural forms of the target language. */
  pluralCount: number;
  /** Target language code, for language-specific exceptions (e.g. CJK full stops, Greek question marks). */
  languageCode: string;
}

/** Human names, for the API and error messages. */
export const CHECK_NAMES: Readonly<Record<string, string>> = Object.freeze(
  Object.fromEntries(CHECKS.map((check) => [check.id, check.name])),
);

/**
 * Strings longer than this (any form, source or target) are checked for their length only: the other checks
 * scan the text with patterns, and a bound keeps a pasted book from holding a request. Translation strings are
 * far shorter; Weblate's own limit for a string's text is of the same order.
 */
export const MAX_CHECKED_LENGTH = 50_000;

/** The checks that only measure a string, safe whatever its length. */
const LENGTH_CHECKS = new Set(['max-length']);

function isActive(check: Check, flags: Flags): boolean {
  const flag = flagName(check.id);
  if (flags.has(`ignore-${flag}`) || flags.has('ignore-all-checks')) return false;
  return !check.optIn || flags.has(flag);
}

/** Failing check ids (Weblate's check ids) of a translated string; [] for an empty target (untranslated units are not checked). */
export function runChecks(input: CheckInput): string[] {
  const untranslated = input.target.every((form) => form === '');
  if (untranslated || !input.source.length) return [];
  const flags = Flags.parse(input.flags);
  // Weblate does not check read-only strings: nobody can fix them.
  if (flags.has('read-only')) return [];
  const context: CheckContext = { ...input, flags };
  const tooLong = [...input.source, ...input.target].some((form) => form.length > MAX_CHECKED_LENGTH);
  return CHECKS.filter((check) => (!tooLong || LENGTH_CHECKS.has(check.id)) && isActive(check, flags) && check.run(context)).map((check) => check.id);
}

/** Enforced checks (component.enforced_checks) that fail make a translation "needs editing": helper for callers. */
export function failsEnforced(failing: readonly string[], enforced: readonly string[]): boolean {
  return failing.some((id) => enforced.includes(id));
}
