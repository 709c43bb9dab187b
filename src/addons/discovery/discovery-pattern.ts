import RE2 from 're2';

/** Weblate's back-reference to the language group (`locale/(?P<language>…)/app/(?P=language).po`). */
const LANGUAGE_BACKREFERENCE = '(?P=language)';
const REPEAT_PREFIX = '_language_';

/** One file the pattern matched: its path, the named groups, and the file mask it belongs to. */
export interface MatchedFile {
  path: string;
  groups: Record<string, string>;
  mask: string;
}

/**
 * The discovery add-on's `match` on RE2, which has no back-references: each `(?P=language)` becomes a copy of the
 * language group under a name of its own, and a file matches only when every copy equals the language, which is
 * what Weblate's back-reference demands. The whole path must match, as in Weblate.
 */
export class DiscoveryPattern {
  private readonly regex: RE2;

  /** Throws RE2's error for a pattern it cannot compile. */
  constructor(match: string, private readonly languageFilter: RE2) {
    this.regex = new RE2(patternSource(match), 'ud');
  }

  /** The file as a translation of a component, or null when the pattern or the language filter refuses it. */
  match(path: string): MatchedFile | null {
    const found = this.regex.exec(path);
    const language = found?.groups?.language;
    if (!found || language === undefined || !this.languageFilter.test(language)) return null;
    const spans = Object.entries(found.indices?.groups ?? {})
      .filter(([name, span]) => span && (name === 'language' || name.startsWith(REPEAT_PREFIX)))
      .map(([, span]) => span!);
    const groups = Object.fromEntries(Object.entries(found.groups ?? {}).filter(([name]) => !name.startsWith(REPEAT_PREFIX)).map(([name, value]) => [name, value ?? '']));
    if (spans.some(([start, end]) => path.slice(start, end) !== language)) return null;
    let mask = path;
    for (const [start, end] of spans.sort((a, b) => b[0] - a[0])) mask = `${mask.slice(0, start)}*${mask.slice(end)}`;
    return { path, groups, mask };
  }
}

/** The RE2 source of a `match`: anchored at both ends, each `(?P=language)` a copy of the language group. */
export function patternSource(match: string): string {
  const body = match.includes(LANGUAGE_BACKREFERENCE) ? groupBody(match, 'language') : null;
  let count = 0;
  // Without a language group to copy, RE2 refuses the back-reference itself, which names the problem.
  const source = body === null ? match : match.split(LANGUAGE_BACKREFERENCE).reduce((result, part) => `${result}(?P<${REPEAT_PREFIX}${++count}>${body})${part}`);
  return `^(?:${source})$`;
}

/** The names of the groups a `match` defines (`(?P<name>…)` or `(?<name>…)`). */
export function groupNames(match: string): Set<string> {
  return new Set([...match.matchAll(/(?<!\\)\(\?P?<([A-Za-z_]\w*)>/g)].map((found) => found[1]));
}

/** The source between a named group's opening and its closing parenthesis, or null when there is no such group. */
function groupBody(pattern: string, name: string): string | null {
  const opening = [`(?P<${name}>`, `(?<${name}>`].map((marker) => ({ marker, at: pattern.indexOf(marker) })).find(({ at }) => at >= 0);
  if (!opening) return null;
  const start = opening.at + opening.marker.length;
  let depth = 1;
  let inClass = false;
  for (let i = start; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']' || pattern[i - 1] === '[' || (pattern[i - 1] === '^' && pattern[i - 2] === '[');
    else if (char === '[') inClass = true;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return pattern.slice(start, i);
  }
  return null;
}

/** The files of one component to be: its mask, the groups of its first file, and its files. */
export interface MatchedComponent {
  mask: string;
  groups: Record<string, string>;
  files: string[];
}

/** Files grouped by the mask they give, as Weblate's discovery groups them; in path order. */
export function matchComponents(pattern: DiscoveryPattern, files: readonly string[]): MatchedComponent[] {
  const components = new Map<string, MatchedComponent>();
  for (const path of [...files].sort()) {
    const matched = pattern.match(path);
    if (!matched) continue;
    const component = components.get(matched.mask);
    if (component) component.files.push(path);
    else components.set(matched.mask, { mask: matched.mask, groups: matched.groups, files: [path] });
  }
  return [...components.values()];
}
