import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { whereProjectVisible } from '../auth/project-visibility';
import { ProjectVisibility } from '../auth/user-permissions';
import { Component } from '../components/component.entity';
import { ComponentLookup } from '../components/component-lookup';
import type { ComponentContext } from '../components/component-context';
import { Language } from '../languages/language.entity';
import { LanguageLookup } from '../languages/language-lookup';
import { countsFromRow, recentContentChanges, StatisticsCounts, TRANSLATION_SUMS } from '../languages/statistics-counts';
import { queryPrepared } from '../database/prepared-statement';
import { Project } from '../projects/project.entity';
import { User } from '../users/user.entity';
import type { TranslationContext } from './translation-context';
import { Translation } from './translation.entity';

/** One row of a project's per-language statistics. */
export interface ProjectLanguageRow {
  name: string;
  code: string;
  total: number;
  translated: number;
  totalWords: number;
  translatedWords: number;
  totalChars: number;
  translatedChars: number;
}

/** A translation file found in the working copy: its language, the code its name uses, its path. */
export interface DiscoveredTranslation {
  languageId: number;
  code: string;
  path: string;
  isSource: boolean;
}

/** A project's translations with their languages, source translations left out. */
const PROJECT_LANGUAGES =
  'FROM translations t JOIN components c ON c.id = t.component_id JOIN languages l ON l.id = t.language_id WHERE c.project_id = $1 AND NOT t.is_source';

/** Reads translations and sums their stored aggregates; never scans units. */
@Injectable()
export class TranslationsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly components: ComponentLookup,
    private readonly languages: LanguageLookup,
  ) {}

  private columns: string | undefined;

  /**
   * The component's translation for a code: the code used in the repository first, else the language's own
   * code (they differ when the files use e.g. `pt_BR` for `pt-BR`).
   */
  async findInComponent(component: ComponentContext, code: string, generation?: string): Promise<TranslationContext | null> {
    return (await this.findInComponentCounting(component, code, generation, false))?.context ?? null;
  }

  /** findInComponent with the translation's `recent_changes`, read in the same statement (its statistics' route). */
  async findWithRecentChanges(component: ComponentContext, code: string, generation?: string): Promise<{ context: TranslationContext; recentChanges: number } | null> {
    const found = await this.findInComponentCounting(component, code, generation, true);
    return found && { context: found.context, recentChanges: Number(found.extra ?? 0) };
  }

  private async findInComponentCounting(
    component: ComponentContext, code: string, generation: string | undefined, countRecent: boolean,
  ): Promise<{ context: TranslationContext; extra?: unknown } | null> {
    const found = await this.withLastAuthor(
      countRecent ? 'translation-by-code-with-recent-changes' : 'translation-by-code',
      `JOIN languages l ON l.id = t.language_id WHERE t.component_id = $1 AND (t.language_code = $2 OR l.code = $2)
       ORDER BY CASE WHEN t.language_code = $2 THEN 0 ELSE 1 END, t.id`,
      [component.component.id, code],
      countRecent ? recentContentChanges('= t.id') : undefined,
    );
    if (!found) return null;
    const [context] = await this.hydrate([found.translation], [component], generation, found.lastAuthor);
    return { context, extra: found.extra };
  }

  async findByIds(ids: readonly number[]): Promise<TranslationContext[]> {
    if (!ids.length) return [];
    return this.hydrate(await this.dataSource.getRepository(Translation).findBy({ id: In([...ids]) }));
  }

  /**
   * The translation holding a unit (the units module loads both at once), then its component: with an access
   * generation from the cache kept under it, so a unit's context costs one round trip in depth when the cache holds it.
   */
  async findOfUnit(unitId: number, generation?: string): Promise<TranslationContext | null> {
    const found = await this.withLastAuthor('translation-of-unit', 'WHERE t.id = (SELECT u.translation_id FROM units u WHERE u.id = $1)', [unitId]);
    if (!found) return null;
    const { componentId } = found.translation;
    const component = generation === undefined ? await this.components.findById(componentId) : await this.components.findCurrent(componentId, generation);
    return component ? (await this.hydrate([found.translation], [component], generation, found.lastAuthor))[0] : null;
  }

  /**
   * The first translation `rest` (joins, WHERE, ORDER BY over alias `t`) selects, with its last author's name and,
   * when given, the value of `extra` (SQL over `t`), in one statement. Plain SQL, prepared as `name` (one name per
   * `rest` and `extra`): the query builder took longer to write this statement than PostgreSQL to run it, and every
   * translation and unit route reads one.
   */
  private async withLastAuthor(
    name: string, rest: string, params: unknown[], extra?: string,
  ): Promise<{ translation: Translation; lastAuthor: Map<number, string>; extra?: unknown } | null> {
    const [row] = await queryPrepared<Translation & { last_author_name: string | null; extra?: unknown }>(
      this.dataSource,
      name,
      `SELECT ${this.translationColumns()}, author.full_name AS last_author_name${extra ? `, ${extra} AS extra` : ''}
       FROM translations t LEFT JOIN users author ON author.id = t.last_author_id ${rest} LIMIT 1`,
      params,
    );
    if (!row) return null;
    const { last_author_name: authorName, extra: value, ...translation } = row;
    const lastAuthor = new Map(translation.lastAuthorId !== null && authorName !== null ? [[translation.lastAuthorId, authorName]] : []);
    return { translation: Object.assign(new Translation(), translation), lastAuthor, extra: value };
  }

  /** The select list giving a row the shape of a `Translation` (built once from the entity's columns). */
  private translationColumns(): string {
    this.columns ??= this.dataSource
      .getMetadata(Translation)
      .columns.map((column) => `t.${column.databaseName} AS "${column.propertyName}"`)
      .join(', ');
    return this.columns;
  }

  /** Translations of visible projects, ordered by project, component and language. */
  countVisible(visibility: ProjectVisibility): Promise<number> {
    return this.visible(visibility).getCount();
  }

  async pageVisible(visibility: ProjectVisibility, offset: number, limit: number): Promise<TranslationContext[]> {
    const rows = await this.visible(visibility).orderBy('p.slug').addOrderBy('c.name').addOrderBy('c.id').addOrderBy('l.code').offset(offset).limit(limit).getMany();
    return this.hydrate(rows);
  }

  private visible(visibility: ProjectVisibility): SelectQueryBuilder<Translation> {
    const query = this.ordered().innerJoin(Project, 'p', 'p.id = c.project_id');
    whereProjectVisible(query, 'p', visibility, 'c');
    return query;
  }

  countOfComponent(component: ComponentContext): Promise<number> {
    return this.ofComponent(component).getCount();
  }

  /** Translations of the component, source included, ordered by language; without a limit all of them. */
  async pageOfComponent(component: ComponentContext, offset = 0, limit?: number): Promise<TranslationContext[]> {
    const rows = await this.ofComponent(component).orderBy('l.code').addOrderBy('t.id').offset(offset).limit(limit).getMany();
    return this.hydrate(rows, [component]);
  }

  private ofComponent(component: ComponentContext): SelectQueryBuilder<Translation> {
    return this.ordered().where('t.component_id = :id', { id: component.component.id });
  }

  /** The project's translations summed, source translations left out (their strings are the originals). */
  async projectCounts(projectId: number): Promise<StatisticsCounts> {
    const [row] = await queryPrepared<Record<string, unknown>>(
      this.dataSource,
      'project-counts',
      `SELECT ${TRANSLATION_SUMS} FROM translations t JOIN components c ON c.id = t.component_id WHERE c.project_id = $1 AND NOT t.is_source`,
      [projectId],
    );
    return countsFromRow(row);
  }

  /** `recent_changes` of each translation: read only for statistics, so listing strings never counts history. */
  async recentChanges(translationIds: readonly number[]): Promise<Map<number, number>> {
    const rows: { translation_id: number; count: string }[] = await this.dataSource.query(
      `SELECT t.id AS translation_id, ${recentContentChanges('= t.id')} AS count FROM unnest($1::int[]) AS t(id)`,
      [translationIds],
    );
    return new Map(rows.map((row) => [row.translation_id, Number(row.count)]));
  }

  /** The translations of the category's components and of its subcategories' components, summed. */
  async categoryCounts(categoryId: number): Promise<StatisticsCounts> {
    const [row]: Record<string, unknown>[] = await this.dataSource.query(
      `WITH RECURSIVE tree AS (SELECT id FROM categories WHERE id = $1 UNION ALL SELECT c.id FROM categories c JOIN tree ON c.category_id = tree.id)
       SELECT ${TRANSLATION_SUMS} FROM translations t JOIN components c ON c.id = t.component_id
       WHERE c.category_id IN (SELECT id FROM tree) AND NOT t.is_source`,
      [categoryId],
    );
    return countsFromRow(row);
  }

  /** Per-language sums over the project's translations (source translations left out), by language name. */
  async countProjectLanguages(projectId: number): Promise<number> {
    const [{ count }]: { count: string }[] = await this.dataSource.query(`SELECT count(DISTINCT t.language_id) AS count ${PROJECT_LANGUAGES}`, [projectId]);
    return Number(count);
  }

  /** The project's languages with their sums, ordered by name; without a limit all of them. */
  async projectLanguages(projectId: number, offset = 0, limit: number | null = null): Promise<ProjectLanguageRow[]> {
    const rows: Record<string, string>[] = await this.dataSource.query(
      `SELECT l.name, l.code, sum(t.total) AS total, sum(t.translated) AS translated, sum(t.total_words) AS total_words,
              sum(t.translated_words) AS translated_words, sum(t.total_chars) AS total_chars, sum(t.translated_chars) AS translated_chars
       ${PROJECT_LANGUAGES} GROUP BY l.id, l.name, l.code ORDER BY l.name, l.code OFFSET $2 LIMIT $3`,
      [projectId, offset, limit],
    );
    return rows.map((row) => ({
      name: row.name,
      code: row.code,
      total: Number(row.total),
      translated: Number(row.translated),
      totalWords: Number(row.total_words),
      translatedWords: Number(row.translated_words),
      totalChars: Number(row.total_chars),
      translatedChars: Number(row.translated_chars),
    }));
  }

  /** Translations joined to their component and language, for filtering and ordering. */
  private ordered(): SelectQueryBuilder<Translation> {
    return this.dataSource
      .getRepository(Translation)
      .createQueryBuilder('t')
      .innerJoin(Component, 'c', 'c.id = t.component_id')
      .innerJoin(Language, 'l', 'l.id = t.language_id');
  }

  /** Loads components, languages and last authors for many translations in a few queries. */
  async existsFor(componentId: number, languageId: number): Promise<boolean> {
    return this.dataSource.getRepository(Translation).existsBy({ componentId, languageId });
  }

  async idFor(manager: EntityManager, componentId: number, languageId: number): Promise<number | null> {
    const [row]: { id: number }[] = await manager.query('SELECT id FROM translations WHERE component_id = $1 AND language_id = $2', [componentId, languageId]);
    return row?.id ?? null;
  }

  async delete(manager: EntityManager, id: number): Promise<void> {
    await manager.getRepository(Translation).delete(id);
  }

  /**
   * Makes the component's translations those discovered: new ones are added, known ones take the file name and
   * code found, those whose file is gone are removed (their strings with them).
   */
  async syncDiscovered(manager: EntityManager, componentId: number, found: DiscoveredTranslation[], hasTemplate: boolean): Promise<void> {
    await manager.query(
      `INSERT INTO translations (component_id, language_id, language_code, filename, is_source, is_template)
       SELECT $1, d.language_id, d.code, d.path, d.is_source, d.is_source AND $6
       FROM unnest($2::int[], $3::text[], $4::text[], $5::bool[]) AS d(language_id, code, path, is_source)
       ON CONFLICT (component_id, language_id) DO UPDATE SET language_code = EXCLUDED.language_code,
         filename = EXCLUDED.filename, is_source = EXCLUDED.is_source, is_template = EXCLUDED.is_template`,
      [componentId, found.map((r) => r.languageId), found.map((r) => r.code), found.map((r) => r.path), found.map((r) => r.isSource), hasTemplate],
    );
    await manager.query('DELETE FROM translations WHERE component_id = $1 AND NOT (language_id = ANY($2::int[]))', [componentId, found.map((r) => r.languageId)]);
  }

  /**
   * Components, languages and last authors for many translations in a few queries; with an access generation, the
   * languages from the cache kept under it. Authors already read with the translations are not read again.
   */
  private async hydrate(translations: Translation[], known: ComponentContext[] = [], generation?: string, knownAuthors = new Map<number, string>()): Promise<TranslationContext[]> {
    if (translations.length === 0) return [];
    const contexts = new Map(known.map((context) => [context.component.id, context]));
    const missing = [...new Set(translations.map((t) => t.componentId))].filter((id) => !contexts.has(id));
    const authorIds = [...new Set(translations.map((t) => t.lastAuthorId).filter((id): id is number => id !== null && !knownAuthors.has(id)))];
    // Independent reads, in flight together: a unit's or translation's context is loaded on every request naming one.
    const [components, languages, authors] = await Promise.all([
      missing.length ? this.dataSource.getRepository(Component).findBy({ id: In(missing) }).then((found) => this.components.hydrate(found)) : [],
      this.languages.findByIds([...new Set(translations.map((t) => t.languageId))], generation),
      authorIds.length ? this.dataSource.getRepository(User).findBy({ id: In(authorIds) }) : [],
    ]);
    for (const context of components) contexts.set(context.component.id, context);
    const languageById = new Map(languages.map((language) => [language.id, language]));
    const authorById = new Map([...knownAuthors, ...authors.map((user): [number, string] => [user.id, user.fullName])]);
    return translations.map((translation) => ({
      translation,
      language: languageById.get(translation.languageId)!,
      component: contexts.get(translation.componentId)!,
      lastAuthor: translation.lastAuthorId === null ? null : (authorById.get(translation.lastAuthorId) ?? null),
    }));
  }
}
