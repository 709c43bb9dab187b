import { Check } from '../check';
import { formatStringCheck, FormatSyntax } from './format-check';
import { IcuArgument, IcuSyntaxError, parseIcuArguments } from './icu-parser';

/** Any of these accepts a number, so a translation may switch between them. */
const NUMERIC_TYPES = new Set(['number', 'plural', 'selectordinal']);
const PLURAL_CATEGORIES = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);

/** What a message does with one argument name, over all its uses. */
interface ArgumentUse {
  types: Set<string>;
  selectors: Set<string>;
  pluralSelectors: Set<string>;
}

function summarize(found: readonly IcuArgument[]): Map<string, ArgumentUse> {
  const uses = new Map<string, ArgumentUse>();
  for (const argument of found) {
    const use = uses.get(argument.name) ?? { types: new Set(), selectors: new Set(), pluralSelectors: new Set() };
    if (argument.type) use.types.add(argument.type);
    const plural = argument.type === 'plural' || argument.type === 'selectordinal';
    for (const selector of argument.selectors) (plural ? use.pluralSelectors : use.selectors).add(selector);
    uses.set(argument.name, use);
  }
  return uses;
}

function parse(message: string): Map<string, ArgumentUse> | undefined {
  try {
    return summarize(parseIcuArguments(message));
  } catch (error) {
    if (error instanceof IcuSyntaxError) return undefined;
    throw error;
  }
}

function isNumeric(use: ArgumentUse): boolean {
  return use.types.size > 0 && [...use.types].every((type) => NUMERIC_TYPES.has(type));
}

/** Plural keys are CLDR categories or exact values (`=0`), and every choice needs an `other`. */
function hasBadSelectors(use: ArgumentUse): boolean {
  const pluralKeysValid = [...use.pluralSelectors].every((key) => PLURAL_CATEGORIES.has(key) || key.startsWith('='));
  const choices = new Set([...use.selectors, ...use.pluralSelectors]);
  return !pluralKeysValid || (choices.size > 0 && !choices.has('other'));
}

function usedDifferently(source: ArgumentUse, target: ArgumentUse): boolean {
  // A `select` may only use keys the source knows: they are values the program passes.
  const unknownKey = source.selectors.size > 0 && [...target.selectors].some((key) => !source.selectors.has(key));
  if (unknownKey) return true;
  if (isNumeric(source)) return !isNumeric(target);
  return [...target.types].some((type) => !source.types.has(type));
}

function icuDiffers(source: string, target: string, ignoreMissing: boolean): boolean {
  const targetUses = parse(target);
  if (!targetUses) return true;
  const sourceUses = parse(source);
  // A broken source cannot be compared with; the source-side syntax check reports it.
  if (!sourceUses) return false;
  for (const [name, use] of targetUses) {
    const sourceUse = sourceUses.get(name);
    if (!sourceUse || hasBadSelectors(use) || usedDifferently(sourceUse, use)) return true;
  }
  return !ignoreMissing && [...sourceUses.keys()].some((name) => !targetUses.has(name));
}

const icuMessageFormat: FormatSyntax = {
  placeholders: (text) => [...(parse(text)?.keys() ?? [])],
  differs: icuDiffers,
};

export const icuMessageFormatCheck: Check = formatStringCheck('icu_message_format', 'ICU MessageFormat', icuMessageFormat);
