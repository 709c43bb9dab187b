import { Flags } from './flags';

/** What every check sees: the unit's strings with its flags parsed once for all checks. */
export interface CheckContext {
  source: readonly string[];
  target: readonly string[];
  flags: Flags;
  pluralCount: number;
  languageCode: string;
}

export interface Check {
  /** Weblate's check id; the flag `ignore-<id with dashes>` turns it off. */
  id: string;
  name: string;
  /** Off unless the unit carries the flag `<id with dashes>` (format strings, max-length, placeholders). */
  optIn?: boolean;
  run(context: CheckContext): boolean;
}

/** The flag spelling of a check id: `end_stop` → `end-stop`. */
export function flagName(checkId: string): string {
  return checkId.replace(/_/g, '-');
}

/**
 * Runs a per-string test on each target form against its source form. Targets have as many forms as the
 * target language, the source as many as the source language, so extra target forms use the last source form.
 */
export function anyForm(context: CheckContext, fails: (source: string, target: string) => boolean): boolean {
  const { source, target } = context;
  return target.some((form, index) => fails(source[Math.min(index, source.length - 1)], form));
}

/** `pt_BR`, `pt-BR` and `sr@latin` all count as their base language. */
export function isLanguage(context: CheckContext, ...bases: string[]): boolean {
  const base = context.languageCode.toLowerCase().split(/[_\-@]/)[0];
  return bases.includes(base);
}

/** Python's `str.isupper()`: some cased letter, and no lower-case one. */
export function isUpperCase(text: string): boolean {
  return text !== text.toLowerCase() && text === text.toUpperCase();
}

/** Whether both strings have a character at `index` (negative counts from the end) and exactly one is in `chars`. */
export function mismatchAt(source: string, target: string, index: number, chars: readonly string[]): boolean {
  const sourceChar = source.at(index);
  const targetChar = target.at(index);
  if (sourceChar === undefined || targetChar === undefined) return false;
  return chars.includes(sourceChar) !== chars.includes(targetChar);
}
