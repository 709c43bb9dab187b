import { TranslationUnit } from './translation-format';

/**
 * How converted files name their entries (downloads with `?format=`, exporters.ts): a unit is keyed by its context, or
 * by its source where it has none; a plural unit written into a format without plurals becomes one entry per form,
 * keyed `<key>[n]`, as translate-toolkit's XLIFF plural groups are. Uploads read these names back (`parseFormKey`).
 */

export function unitKey(unit: Pick<TranslationUnit, 'context' | 'source'>): string {
  return unit.context || unit.source[0] || '';
}

/** The key of form `index` of a plural unit written as one entry per form. */
export function formKey(key: string, index: number): string {
  return `${key}[${index}]`;
}

/** The unit key and form index of an entry keyed by `formKey`, or undefined for other keys. */
export function parseFormKey(key: string): { key: string; index: number } | undefined {
  const match = /^([\s\S]*)\[(\d+)\]$/.exec(key);
  return match ? { key: match[1], index: Number(match[2]) } : undefined;
}
