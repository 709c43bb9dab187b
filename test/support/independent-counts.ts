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

/**
 * Android resources: the template's translatable strings and plurals; a translation has one translated when its
 * string is not empty, or its plural has a non-empty item for every CLDR category of the language. For a language
 * ICU has no plural rules for (Sanskrit), `translated` is undefined: only the server's own plural data decides it.
 */
export function androidCount(template: string, translation: string, language: string): FileCount {
  const keys = names(template, "/resources/*[self::string or self::plurals][not(@translatable='false')]/@name");
  const strings = names(translation, "/resources/string[string-length(.) > 0]/@name");
  if (!icuKnows(language)) return { total: keys.size };
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const quantities = categories.map((category) => `item[@quantity='${category}'][string-length(.) > 0]`).join(' and ');
  const plurals = names(translation, `/resources/plurals[${quantities}]/@name`);
  return { total: keys.size, translated: [...keys].filter((key) => strings.has(key) || plurals.has(key)).length };
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
 * non-empty form for every CLDR category of the language (undefined when ICU has no plural rules for it).
 */
export function railsCount(template: RailsLocale, translation: RailsLocale, language: string): FileCount {
  const keys = Object.keys(template.strings);
  const known = icuKnows(language);
  const categories = known ? new Intl.PluralRules(language).resolvedOptions().pluralCategories : [];
  const done = (value: string | Record<string, string> | undefined) => typeof value === 'string'
    ? value !== ''
    : value !== undefined && categories.every((category) => (value[category] ?? '') !== '');
  const plurals = keys.some((key) => typeof template.strings[key] !== 'string');
  return { total: keys.length, translated: !known && plurals ? undefined : keys.filter((key) => done(translation.strings[key])).length };
}
