import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * What the ecosystems' own tools read in translation files, to judge the server's statistics and written files by
 * something nobody here wrote: gettext's msgfmt, libxml2's XPath, Java's Properties, JSON.parse and ICU's plural
 * rules (Intl).
 */

export interface FileCount {
  total: number;
  /** Undefined when the tool cannot tell. */
  translated?: number;
}

/** What msgfmt counts in a PO file: translated, fuzzy and untranslated messages. */
export function msgfmtStatistics(path: string): { translated: number; fuzzy: number; untranslated: number } {
  // msgfmt prints its statistics on standard error.
  const out = spawnSync('msgfmt', ['--statistics', '-o', '/dev/null', path], { encoding: 'utf8' }).stderr;
  if (!/translated message/.test(out)) throw new Error(`msgfmt gave no statistics for ${path}: ${out}`);
  const count = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? 0);
  return { translated: count(/(\d+) translated message/), fuzzy: count(/(\d+) fuzzy translation/), untranslated: count(/(\d+) untranslated message/) };
}

/** The results of an XPath expression over a file, as xmllint prints them (`--xpath`), or none. */
export function xpath(path: string, expression: string): string {
  const result = spawnSync('xmllint', ['--xpath', expression, path], { encoding: 'utf8' });
  if (result.error) throw new Error(`xmllint could not run (${result.error.message}); install libxml2-utils`);
  return result.status === 0 ? result.stdout : '';
}

/** Whether ICU has plural rules for the language (a tag it cannot even parse, like `zh-YUE`, it has not). */
function icuKnows(language: string): boolean {
  try {
    return Intl.PluralRules.supportedLocalesOf(language).length > 0;
  } catch {
    return false;
  }
}

function names(path: string, expression: string): Set<string> {
  return new Set([...xpath(path, expression).matchAll(/name="([^"]*)"/g)].map((match) => match[1]));
}

function xpathCount(path: string, expression: string): number {
  return Number(xpath(path, `count(${expression})`) || 0);
}

/**
 * Android resources as Weblate counts them: every string and plural of the template, `translatable="false"` ones
 * included (read-only, which counts as translated), plus each `<string-array>` item (which the server offers as a
 * string too). A translation has one translated when its string or array item is not empty, or when its plural has
 * any non-empty item: a form filled is a translated plural (translate-toolkit's rule).
 */
export function androidCount(template: string, translation: string): FileCount {
  const keys = names(template, '/resources/*[self::string or self::plurals]/@name');
  const fixed = names(template, "/resources/*[self::string or self::plurals][@translatable='false']/@name");
  const strings = names(translation, '/resources/string[string-length(.) > 0]/@name');
  const plurals = names(translation, '/resources/plurals[item[string-length(.) > 0]]/@name');
  const arrays = [...names(template, '/resources/string-array/@name')].map((name) => {
    const items = xpathCount(template, `/resources/string-array[@name='${name}']/item`);
    const filled = xpathCount(translation, `/resources/string-array[@name='${name}']/item[position() <= ${items}][string-length(.) > 0]`);
    return { items, filled };
  });
  const translated = [...keys].filter((key) => fixed.has(key) || strings.has(key) || plurals.has(key)).length;
  return {
    total: keys.size + arrays.reduce((sum, array) => sum + array.items, 0),
    translated: translated + arrays.reduce((sum, array) => sum + array.filled, 0),
  };
}

/** Qt Linguist: the file's live messages; translated when finished and every form is written. */
export function linguistCount(path: string): FileCount {
  const live = "//message[not(translation/@type='obsolete' or translation/@type='vanished')]";
  const finished = `${live}[not(translation/@type='unfinished')][string-length(translation) > 0][not(translation/numerusform[string-length(.) = 0])]`;
  const count = (expression: string) => Number(xpath(path, `count(${expression})`) || 0);
  return { total: count(live), translated: count(finished) };
}

/** Flat JSON: the template's keys; translated where the translation has a non-empty string. */
export function jsonCount(template: Buffer, translation: Buffer): FileCount {
  const keys = Object.keys(JSON.parse(template.toString()) as Record<string, unknown>);
  const own = JSON.parse(translation.toString()) as Record<string, unknown>;
  return { total: keys.length, translated: keys.filter((key) => typeof own[key] === 'string' && own[key] !== '').length };
}

/** Nested members joined with ".", i18next's default key separator: how i18next itself finds `a.b`. */
function flatKeys(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.assign({}, ...Object.entries(value).map(([key, item]) => flatKeys(item, prefix ? `${prefix}.${key}` : key)));
}

/**
 * i18next v4: the template's strings, `key_one`/`key_other`… counting once as the plural `key`; a
 * translation has one translated when its string is not empty, or any of its plural's keys (`key_<category>`, any
 * CLDR category) is: a form filled is a translated plural (translate-toolkit's rule). Keys are matched by name, so
 * a translation may give a plain string of the template plural forms (Polish `…future_one`/`_few`/`_many`).
 */
export function i18nextCount(template: Buffer, translation: Buffer): FileCount {
  const categories = ['zero', 'one', 'two', 'few', 'many', 'other'];
  const keys = Object.keys(flatKeys(JSON.parse(template.toString())));
  const own = flatKeys(JSON.parse(translation.toString()));
  const base = (key: string) => key.slice(0, key.lastIndexOf('_'));
  const plural = (key: string) => categories.includes(key.slice(key.lastIndexOf('_') + 1)) && keys.filter((other) => base(other) === base(key)).length > 1;
  const filled = (key: string) => typeof own[key] === 'string' && own[key] !== '';
  const strings = keys.filter((key) => !plural(key));
  const plurals = [...new Set(keys.filter(plural).map(base))];
  return {
    total: strings.length + plurals.length,
    translated: [...strings, ...plurals].filter((name) => filled(name) || categories.some((category) => filled(`${name}_${category}`))).length,
  };
}

/** Each file as java.util.Properties reads it (test/support/JavaProperties.java); throws when Java refuses one. */
export function javaProperties(paths: string[]): Map<string, Map<string, string>> {
  const out = execFileSync('java', [join(__dirname, 'JavaProperties.java'), ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const unescape = (text: string) => text.replace(/\\([\\tnr])/g, (_, c: string) => ({ t: '\t', n: '\n', r: '\r' })[c] ?? '\\');
  return new Map(out.trimEnd().split('\n').map((line) => {
    const [path, ...fields] = line.split('\t');
    const entries = new Map<string, string>();
    for (let index = 0; index < fields.length; index += 2) entries.set(unescape(fields[index]), unescape(fields[index + 1]));
    return [path, entries];
  }));
}

/** Properties: the template's keys; translated where Java reads a non-empty value in the translation. */
export function propertiesCount(template: Map<string, string>, translation: Map<string, string>): FileCount {
  const keys = [...template.keys()];
  return { total: keys.length, translated: keys.filter((key) => (translation.get(key) ?? '') !== '').length };
}

/**
 * A Rails locale file as PyYAML (a YAML 1.1 reader, like Ruby's) reads it: the strings to translate, booleans and
 * integers included as Weblate reads them, and the type of every value that is not a string.
 */
export interface RailsLocale {
  /** A plural is a map of its categories; a boolean or integer is `str()` of it (`False`, `2`). */
  strings: Record<string, string | Record<string, string>>;
  others: Record<string, string>;
}

/** Each file as test/support/yaml_strings.py reads it; throws when PyYAML refuses one. */
export function railsLocales(paths: string[]): Map<string, RailsLocale> {
  const out = execFileSync('python3', [join(__dirname, 'yaml_strings.py'), ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return new Map(out.trimEnd().split('\n').map((line) => {
    const { path, ...locale } = JSON.parse(line) as RailsLocale & { path: string };
    return [path, locale];
  }));
}

/**
 * Rails: the template's string entries; translated where the translation has a non-empty string, or a plural with a
 * non-empty form for any CLDR category of the language, as translate-toolkit counts a plural (undefined when ICU has
 * no plural rules for it).
 */
export function railsCount(template: RailsLocale, translation: RailsLocale, language: string): FileCount {
  const keys = Object.keys(template.strings);
  const known = icuKnows(language);
  const categories = known ? new Intl.PluralRules(language).resolvedOptions().pluralCategories : [];
  const done = (value: string | Record<string, string> | undefined) => typeof value === 'string'
    ? value !== ''
    : value !== undefined && categories.some((category) => (value[category] ?? '') !== '');
  const plurals = keys.some((key) => typeof template.strings[key] !== 'string');
  return { total: keys.length, translated: !known && plurals ? undefined : keys.filter((key) => done(translation.strings[key])).length };
}

/** Each file as Python's plistlib reads it (test/support/plist_strings.py); throws when plistlib refuses one. */
export function plists(paths: string[]): Map<string, Record<string, unknown>> {
  const out = execFileSync('python3', [join(__dirname, 'plist_strings.py'), ...paths], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return new Map(out.trim().split('\n').map((line) => {
    const { path, plist } = JSON.parse(line) as { path: string; plist: Record<string, unknown> };
    return [path, plist];
  }));
}

/**
 * A `.stringsdict` translation against its template, as translate-toolkit (and so Weblate) splits it: per key of the
 * template one string for its `NSStringLocalizedFormatKey`, translated when not empty, and one per variable,
 * translated when any of its plural forms (every key but the `NSString…` ones) is filled.
 */
export function stringsdictCount(template: Record<string, unknown>, translation: Record<string, unknown>): FileCount {
  type Entry = Record<string, unknown>;
  const variables = (entry: unknown): [string, Entry][] =>
    Object.entries((entry ?? {}) as Entry).filter(([name, value]) => !name.startsWith('NSString') && typeof value === 'object') as [string, Entry][];
  const nonEmpty = (value: unknown) => typeof value === 'string' && value !== '';
  let total = 0;
  let translated = 0;
  for (const [key, entry] of Object.entries(template)) {
    const own = translation[key] as Entry | undefined;
    total += 1;
    if (nonEmpty(own?.NSStringLocalizedFormatKey)) translated += 1;
    for (const [variable] of variables(entry)) {
      total += 1;
      const forms = variables(own).find(([name]) => name === variable)?.[1] ?? {};
      if (Object.entries(forms).some(([name, value]) => !name.startsWith('NSString') && nonEmpty(value))) translated += 1;
    }
  }
  return { total, translated };
}
