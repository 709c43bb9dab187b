/**
 * How translation files name languages, read the way Weblate reads them: Android's `values-pt-rBR` and
 * `values-b+sr+Latn`, BCP 47 hyphens (`de-DE`), POSIX underscores (`de_DE`), any case.
 */
export function canonicalFileCode(code: string): string {
  const android = /^([a-zA-Z]{2,3})-r([a-zA-Z]{2})$/.exec(code);
  if (android) return `${android[1].toLowerCase()}_${android[2].toUpperCase()}`;
  if (code.startsWith('b+')) return code.slice(2).split('+').join('_');
  return code.replace(/-/g, '_');
}

/**
 * `de_DE` → `{ language: 'de', region: 'DE' }`, and a subtag no language list knows (`zh-YUE`) the same way: the
 * language the file is for is a variant of its base language. Null for codes without one (`de`).
 */
export function splitRegion(code: string): { language: string; region: string } | null {
  const match = /^([a-zA-Z]{2,3})_([a-zA-Z]{2,8}|\d{3})$/.exec(canonicalFileCode(code));
  return match ? { language: match[1].toLowerCase(), region: match[2].toUpperCase() } : null;
}

/**
 * The code Weblate gives a language it creates for a file whose code no language has (Okinawan `ryu`, `xx-rYY`):
 * language in lower case, script in title case, region in upper case. Null for what is no language code at all
 * (Android's `values-night`, `xx-unknown`), which stays no translation.
 */
export function generatedLanguageCode(code: string): string | null {
  const match = /^([a-z]{2,3})(?:_([a-z]{4}))?(?:_([a-z]{2}|\d{3}))?(@[a-z0-9]+)?$/i.exec(canonicalFileCode(code));
  if (!match) return null;
  const [, language, script, region, variant] = match;
  return [
    language.toLowerCase(),
    script ? `_${script[0].toUpperCase()}${script.slice(1).toLowerCase()}` : '',
    region ? `_${region.toUpperCase()}` : '',
    variant?.toLowerCase() ?? '',
  ].join('');
}
