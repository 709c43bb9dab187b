export type ComponentPart =
  | 'repository' | 'translations' | 'statistics' | 'lock' | 'changes' | 'links' | 'file' | 'screenshots' | 'addons'
  | 'monolingual_base' | 'new_template' | 'credits' | 'reports' | 'announcements';

export type TranslationPart = 'repository' | 'statistics' | 'changes' | 'file' | 'units' | 'autotranslate';

export type ProjectPart =
  | 'components' | 'repository' | 'statistics' | 'changes' | 'languages' | 'categories' | 'labels' | 'lock'
  | 'credits' | 'file' | 'tokens' | 'machinery_settings' | 'reports' | 'metrics' | 'announcements';

/** The URLs of the units of one translation (`UrlBuilder.unitsOf`). */
export interface TranslationUnitUrls {
  translation: string;
  /** The units collection; a unit's URL is this and its id. */
  units: string;
  /** The editor of one string up to its checksum (the hexadecimal id_hash). */
  editor: string;
  unit(id: number): string;
  unitWeb(idHash: string): string;
}

/**
 * Every `url`, `*_url` and `web_url` the API emits. Built per request from the public base URL, so no other
 * code assembles a URL by hand.
 */
export class UrlBuilder {
  constructor(readonly base: string) {}

  private api(...segments: (string | number)[]): string {
    return `${this.base}/api/${segments.map((segment) => `${encodeURIComponent(String(segment))}/`).join('')}`;
  }

  private web(...segments: (string | number)[]): string {
    return `${this.base}/${segments.map((segment) => `${encodeURIComponent(String(segment))}/`).join('')}`;
  }

  /** The installation's front page. */
  home(): string {
    return `${this.base}/`;
  }

  /** A change's own page (the stable id feeds give their items). */
  changeWeb(id: number): string {
    return this.web('changes', 'render', id);
  }

  /** An RSS feed under `/exports/rss/`: the installation's, or the object's the segments name. */
  rssFeed(...segments: string[]): string {
    return this.web('exports', 'rss', ...segments);
  }

  apiRoot(): string {
    return `${this.base}/api/`;
  }

  /** The collections listed by `GET /api/`, in Weblate's order. */
  collections(): Record<string, string> {
    const names = [
      'addons', 'categories', 'changes', 'component-lists', 'components', 'groups', 'languages', 'memory', 'projects', 'roles',
      'screenshots', 'tasks', 'translations', 'units', 'users',
    ];
    return Object.fromEntries(names.map((name) => [name, this.api(name)]));
  }

  languages(): string {
    return this.api('languages');
  }

  language(code: string): string {
    return this.api('languages', code);
  }

  languageStatistics(code: string): string {
    return this.api('languages', code, 'statistics');
  }

  languageWeb(code: string): string {
    return this.web('languages', code);
  }

  task(id: string): string {
    return this.api('tasks', id);
  }

  user(username: string): string {
    return this.api('users', username);
  }

  userStatistics(username: string): string {
    return this.api('users', username, 'statistics');
  }

  userWeb(username: string): string {
    return this.web('user', username);
  }

  users(): string {
    return this.api('users');
  }

  userNotifications(username: string): string {
    return this.api('users', username, 'notifications');
  }

  userNotification(username: string, id: number): string {
    return this.api('users', username, 'notifications', id);
  }

  userContributions(username: string): string {
    return this.api('users', username, 'contributions');
  }

  groups(): string {
    return this.api('groups');
  }

  group(id: number): string {
    return this.api('groups', id);
  }

  roles(): string {
    return this.api('roles');
  }

  role(id: number): string {
    return this.api('roles', id);
  }

  projects(): string {
    return this.api('projects');
  }

  project(slug: string): string {
    return this.api('projects', slug);
  }

  /** A sub-resource of a project, e.g. `projectPart(slug, 'components')`. */
  projectPart(slug: string, part: ProjectPart): string {
    return this.api('projects', slug, part);
  }

  projectWeb(slug: string): string {
    return this.web('projects', slug);
  }

  categories(): string {
    return this.api('categories');
  }

  category(id: number): string {
    return this.api('categories', id);
  }

  categoryStatistics(id: number): string {
    return this.api('categories', id, 'statistics');
  }

  /**
   * A component is addressed by its project and its path: category slugs and its own slug joined by `/`.
   * The path is one URL segment, so its slashes are encoded, and the whole is encoded once more
   * (`docs/usage` → `docs%252Fusage`), as Weblate emits and expects.
   */
  private componentSegment(path: string): string {
    return encodeURIComponent(path);
  }

  components(): string {
    return this.api('components');
  }

  component(projectSlug: string, componentPath: string): string {
    return this.api('components', projectSlug, this.componentSegment(componentPath));
  }

  componentPart(projectSlug: string, componentPath: string, part: ComponentPart): string {
    return this.api('components', projectSlug, this.componentSegment(componentPath), part);
  }

  componentWeb(projectSlug: string, componentPath: string): string {
    return `${this.base}/projects/${encodeURIComponent(projectSlug)}/${componentPath.split('/').map(encodeURIComponent).join('/')}/`;
  }

  componentLists(): string {
    return this.api('component-lists');
  }

  componentList(slug: string): string {
    return this.api('component-lists', slug);
  }

  componentListComponents(slug: string): string {
    return this.api('component-lists', slug, 'components');
  }

  translations(): string {
    return this.api('translations');
  }

  translation(projectSlug: string, componentPath: string, languageCode: string): string {
    return this.api('translations', projectSlug, this.componentSegment(componentPath), languageCode);
  }

  translationPart(projectSlug: string, componentPath: string, languageCode: string, part: TranslationPart): string {
    return this.api('translations', projectSlug, this.componentSegment(componentPath), languageCode, part);
  }

  translationWeb(projectSlug: string, componentPath: string, languageCode: string): string {
    return `${this.componentWeb(projectSlug, componentPath)}${encodeURIComponent(languageCode)}/`;
  }

  translateWeb(projectSlug: string, componentPath: string, languageCode: string): string {
    return `${this.base}/translate/${encodeURIComponent(projectSlug)}/${componentPath.split('/').map(encodeURIComponent).join('/')}/${encodeURIComponent(languageCode)}/`;
  }

  /** The units collection: a unit's URL is this and its id (digits, which encoding leaves as they are). */
  units(): string {
    return this.api('units');
  }

  unit(id: number): string {
    return this.api('units', id);
  }

  /**
   * The URLs of one translation's units, its parts encoded once: a page lists up to 1000 units of a translation.
   */
  unitsOf(projectSlug: string, componentPath: string, languageCode: string): TranslationUnitUrls {
    const units = this.units();
    const editor = `${this.translateWeb(projectSlug, componentPath, languageCode)}?checksum=`;
    return {
      translation: this.translation(projectSlug, componentPath, languageCode),
      units,
      editor,
      unit: (id) => `${units}${id}/`,
      // The editor of one string: Weblate addresses it by the hexadecimal id_hash (`checksum`).
      unitWeb: (idHash) => editor + BigInt(idHash).toString(16),
    };
  }

  unitWeb(projectSlug: string, componentPath: string, languageCode: string, idHash: string): string {
    return this.unitsOf(projectSlug, componentPath, languageCode).unitWeb(idHash);
  }

  addons(): string {
    return this.api('addons');
  }

  addon(id: number): string {
    return this.api('addons', id);
  }

  screenshots(): string {
    return this.api('screenshots');
  }

  screenshot(id: number): string {
    return this.api('screenshots', id);
  }

  screenshotFile(id: number): string {
    return this.api('screenshots', id, 'file');
  }

  changes(): string {
    return this.api('changes');
  }

  change(id: number): string {
    return this.api('changes', id);
  }

  engageWeb(projectSlug: string, languageCode?: string): string {
    return `${this.base}/engage/${encodeURIComponent(projectSlug)}/${languageCode ? `${encodeURIComponent(languageCode)}/` : ''}`;
  }
}
