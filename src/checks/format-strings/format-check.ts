import { Check, CheckContext } from '../check';

/** How one format-string syntax reads a string and decides whether a translation keeps its placeholders. */
export interface FormatSyntax {
  /** The placeholders of a string, in order; an empty list also when the string cannot be parsed. */
  placeholders(text: string): string[];
  /**
   * Whether the target lost or gained placeholders. With `ignoreMissing`, a target that only lacks some is fine:
   * a singular form may spell the number out ("One file" for "%d files").
   */
  differs(source: string, target: string, ignoreMissing: boolean): boolean;
}

/** A check that is active only with its flag, e.g. `c_format` with `c-format`. */
export function formatStringCheck(id: string, name: string, syntax: FormatSyntax): Check {
  return { id, name, optIn: true, run: (context) => pluralFormsDiffer(context, syntax) };
}

/** Weblate's plural handling for format strings: forms after the first are compared with the source plural. */
function pluralFormsDiffer(context: CheckContext, syntax: FormatSyntax): boolean {
  const { source, target } = context;
  // An empty form is the plurals check's business.
  const differs = (from: string, to: string, ignoreMissing: boolean) =>
    from !== '' && to !== '' && syntax.differs(from, to, ignoreMissing);
  if (source.length > 1 && target.length === 1) {
    // A language with a single plural form translates the source plural.
    return differs(source[1], target[0], false);
  }
  const plural = source.length > 1;
  const singularSource =
    plural && !syntax.placeholders(source[0]).length && syntax.placeholders(source[1]).length ? source[1] : source[0];
  const mayDropInSingular = plural && !context.flags.has('strict-format');
  if (differs(singularSource, target[0], mayDropInSingular)) return true;
  if (!plural) return false;
  return target.slice(1).some((form) => differs(source[1], form, false));
}

/**
 * Compares two placeholder lists. Positional placeholders (`%s`, `{}`) must keep their order; when the
 * source only has named or numbered ones (`%(name)s`, `%1$s`, `{0}`), the translation may reorder them.
 */
export function placeholderListsDiffer(
  source: readonly string[],
  target: readonly string[],
  isPositional: (placeholder: string) => boolean,
  ignoreMissing: boolean,
): boolean {
  const ordered = source.length === 0 || source.some(isPositional);
  const { missing, extra } = ordered ? compareInOrder(source, target) : compareAsMultisets(source, target);
  if (ignoreMissing && !extra) return false;
  return missing || extra;
}

function compareInOrder(source: readonly string[], target: readonly string[]): { missing: boolean; extra: boolean } {
  const common = Math.min(source.length, target.length);
  const swapped = source.slice(0, common).some((placeholder, index) => placeholder !== target[index]);
  return { missing: swapped || source.length > common, extra: swapped || target.length > common };
}

function compareAsMultisets(source: readonly string[], target: readonly string[]): { missing: boolean; extra: boolean } {
  const balance = new Map<string, number>();
  for (const placeholder of source) balance.set(placeholder, (balance.get(placeholder) ?? 0) + 1);
  for (const placeholder of target) balance.set(placeholder, (balance.get(placeholder) ?? 0) - 1);
  const counts = [...balance.values()];
  return { missing: counts.some((count) => count > 0), extra: counts.some((count) => count < 0) };
}
