import { Injectable } from '@nestjs/common';
import { allows } from '../auth/policy/object-rules';
import type { Actor } from '../auth/policy/current-actor';
import { ValidationError } from '../core/errors/domain-error';
import { UrlBuilder } from '../core/urls/url-builder';
import { LANGUAGE_RULES } from '../languages/language.rules';
import { SearchRepository } from './search.repository';

/** Longer texts are refused: no name or slug is that long, and each one is matched against five tables. */
const MAX_QUERY_LENGTH = 200;

export interface SearchHit {
  url: string;
  name: string;
  category: 'Project' | 'Category' | 'Component' | 'User' | 'Language';
}

/** Weblate's site search: a few hits of each kind the caller may see, linking to the web pages. */
@Injectable()
export class SearchService {
  constructor(private readonly search: SearchRepository) {}

  async find(q: string, caller: Actor, urls: UrlBuilder): Promise<SearchHit[]> {
    if (q.length > MAX_QUERY_LENGTH) throw ValidationError.field('q', `Ensure this field has no more than ${MAX_QUERY_LENGTH} characters.`, 'max_length');
    if (!q) return [];
    const visibility = caller.permissions.projectVisibility();
    const [projects, categories, components, users, languages] = await Promise.all([
      this.search.projects(q, visibility),
      this.search.categories(q, visibility),
      this.search.components(q, visibility),
      caller.user.isAnonymous ? [] : this.search.users(q),
      this.search.languages(q, !allows(caller.permissions, LANGUAGE_RULES.seeAll)),
    ]);
    return [
      ...projects.map((p): SearchHit => ({ url: urls.projectWeb(p.slug), name: p.name, category: 'Project' })),
      // A category's page has the same shape as a component's: the project, then the path.
      ...categories.map((c): SearchHit => ({ url: urls.componentWeb(c.projectSlug, c.path), name: c.name, category: 'Category' })),
      ...components.map((c): SearchHit => ({ url: urls.componentWeb(c.projectSlug, c.path), name: c.name, category: 'Component' })),
      ...users.map((u): SearchHit => ({ url: urls.userWeb(u.username), name: u.fullName || u.username, category: 'User' })),
      ...languages.map((l): SearchHit => ({ url: urls.languageWeb(l.code), name: l.name, category: 'Language' })),
    ];
  }
}
