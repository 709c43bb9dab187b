import { ValidationError } from '../core/errors/domain-error';

/**
 * The longest text one form of a unit's source or target (or its key, context, explanation) may hold, in
 * characters. No real string comes near it; it keeps one request or upload from storing megabytes in a string
 * that every list, search, check and export would then carry.
 */
export const UNIT_FORM_MAX_CHARS = 256 * 1024;

/** An uploaded file whose strings pass the limit is refused whole (400 on `file`, naming the first such string). */
export function assertUploadedFormsWithinLimit(units: readonly { context: string; source: string[]; target: string[] }[]): void {
  const oversized = units.find((unit) => [...unit.source, ...unit.target].some((form) => form.length > UNIT_FORM_MAX_CHARS));
  if (!oversized) return;
  const name = (oversized.context || oversized.source[0]).slice(0, 80);
  throw ValidationError.field('file', `The string "${name}" has a form longer than ${UNIT_FORM_MAX_CHARS} characters.`);
}
