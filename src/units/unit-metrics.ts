/** Words as Weblate counts them for statistics: whitespace-separated tokens of every source form. */
export function countWords(source: readonly string[]): number {
  return source.reduce((sum, form) => sum + (form.match(/\S+/gu)?.length ?? 0), 0);
}

export function countChars(source: readonly string[]): number {
  return source.reduce((sum, form) => sum + [...form].length, 0);
}
