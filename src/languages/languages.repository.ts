import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { Language, LanguageDirection } from './language.entity';
import { PluralDefinition } from './plural-definition';
import { PluralSource } from './plural.entity';
import { pluralType } from './plural-formula';
import type { ShippedLanguage } from './language-data.sync';
import { countsFromRow, StatisticsCounts, TRANSLATION_SUMS } from './statistics-counts';
import { canonicalFileCode, generatedLanguageCode, splitRegion } from './file-language-codes';

const GENERATED_PLURAL = 'n != 1';

/** The columns an administrator sets; the code only on creation. */
export interface LanguageSettings {
  name?: string;
  direction?: LanguageDirection;
  population?: number;
}

/** Which languages a caller may read: all of them, or those with a translation somewhere (as Weblate answers). */
export type LanguageScope = 'all' | 'translated';

function inScope(query: SelectQueryBuilder<Language>, scope: LanguageScope): SelectQueryBuilder<Language> {
  if (scope === 'all') return query;
  return query.andWhere('EXISTS (SELECT 1 FROM translations translation WHERE translation.language_id = language.id)');
}

@Injectable()
export class LanguagesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Languages with their default plural only, the one the API shows. */
  private withDefaultPlural(manager: EntityManager): SelectQueryBuilder<Language> {
    return manager
      .getRepository(Language)
      .createQueryBuilder('language')
      .leftJoinAndSelect('language.plurals', 'plural', 'plural.source = :source', { source: PluralSource.Default });
  }

  page(offset: number, limit: number, scope: LanguageScope): Promise<Language[]> {
    return inScope(this.withDefaultPlural(this.dataSource.manager), scope)
      .orderBy('language.name')
      .addOrderBy('language.code')
      .offset(offset)
      .limit(limit)
      .getMany();
  }

  count(scope: LanguageScope): Promise<number> {
    return inScope(this.dataSource.getRepository(Language).createQueryBuilder('language'), scope).getCount();
  }

  findByIds(ids: number[], manager: EntityManager = this.dataSource.manager): Promise<Language[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.withDefaultPlural(manager).where('language.id IN (:...ids)', { ids }).getMany();
  }

  findByCode(code: string, manager: EntityManager = this.dataSource.manager, scope: LanguageScope = 'all'): Promise<Language | null> {
    return inScope(this.withDefaultPlural(manager).where('language.code = :code', { code }), scope).getOne();
  }

  /** Locks the row, so concurrent edits of one language apply one after the other. */
  lockByCode(manager: EntityManager, code: string): Promise<Language | null> {
    return manager.getRepository(Language).findOne({ where: { code }, lock: { mode: 'pessimistic_write' } });
  }

  /**
   * Inserts an administrator's language; returns its id, or null when the code is taken. Checking and
   * inserting in one statement leaves no window for a concurrent insert of the same code.
   */
  async insertAdminLanguage(manager: EntityManager, code: string, settings: LanguageSettings): Promise<number | null> {
    // Settings left undefined are written as DEFAULT, so the column defaults stay the only defaults.
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(Language)
      .values({ ...settings, code, origin: 'admin' })
      .orIgnore()
      .returning('id')
      .execute();
    const rows = result.raw as { id: number }[];
    return rows[0]?.id ?? null;
  }

  /** Applies the settings given and marks the language as the administrator's, so the shipped data leaves it alone. */
  async updateAsAdmin(manager: EntityManager, id: number, settings: LanguageSettings): Promise<void> {
    const given = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
    await manager.getRepository(Language).update(id, { ...given, origin: 'admin' });
  }

  async saveDefaultPlural(manager: EntityManager, languageId: number, plural: PluralDefinition): Promise<void> {
    await manager.query(
      `INSERT INTO plurals (language_id, source, number, formula, type) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (language_id, source) DO UPDATE SET number = EXCLUDED.number, formula = EXCLUDED.formula, type = EXCLUDED.type`,
      [languageId, PluralSource.Default, plural.number, plural.formula, plural.type],
    );
  }

  /** Plurals and team language selections go with it (ON DELETE CASCADE). Returns whether it existed. */
  /**
   * Sums the stored aggregates of the language's translations. Source translations are left out: their
   * strings are the originals, not translations into the language.
   */
  async translationCounts(languageId: number): Promise<StatisticsCounts> {
    const [row]: Record<string, unknown>[] = await this.dataSource.query(
      `SELECT ${TRANSLATION_SUMS} FROM translations t WHERE t.language_id = $1 AND NOT t.is_source`,
      [languageId],
    );
    return countsFromRow(row);
  }

  async deleteByCode(code: string): Promise<boolean> {
    const { affected } = await this.dataSource.getRepository(Language).delete({ code });
    return (affected ?? 0) > 0;
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * The language a code from a file name stands for: the exact code, else the same code with `-` for `_`
   * in any case (`pt-br` → pt_BR), else a known alias (`cze` → cs).
   */
  /**
   * The languages of translation files' codes, as Weblate maps them: the code or an alias as written, then in
   * canonical form (`pt-rBR` → `pt_BR`); a code whose region only repeats the language (`de_DE`, `sk_SK`) is the
   * language itself; any other region of a known language (`ar_SY`) becomes a language of its own, created with
   * the base language's plural, as Weblate's auto-create does; a well-formed code of no known language (`ryu`) is a
   * language named "ryu (generated)" with the default plural, as Weblate creates it. Codes that are no language
   * code at all are left out.
   */
  async resolveFileCodes(manager: EntityManager, codes: string[]): Promise<Map<string, Language>> {
    const direct = await this.resolveCodes(codes, manager);
    const rest = codes.filter((code) => !direct.has(code));
    if (rest.length === 0) return direct;
    const canonical = await this.resolveCodes(rest.map(canonicalFileCode), manager);
    const bases = await this.resolveCodes(rest.map((code) => splitRegion(code)?.language).filter((code): code is string => Boolean(code)), manager);
    for (const code of rest) {
      const found = canonical.get(canonicalFileCode(code));
      if (found) {
        direct.set(code, found);
        continue;
      }
      const parts = splitRegion(code);
      const base = parts && bases.get(parts.language);
      if (parts && base) {
        direct.set(code, parts.region.toLowerCase() === parts.language ? base : await this.createRegionalVariant(manager, `${parts.language}_${parts.region}`, parts.region, base));
        continue;
      }
      const generated = generatedLanguageCode(code);
      if (generated) direct.set(code, await this.createGenerated(manager, generated));
    }
    return direct;
  }

  /** Weblate `auto_create` for a code no language has: left to right, two plural forms (`n != 1`). */
  private async createGenerated(manager: EntityManager, code: string): Promise<Language> {
    const id = await this.insertAdminLanguage(manager, code, { name: `${code} (generated)`, population: 0 });
    if (id !== null) await this.saveDefaultPlural(manager, id, { number: 2, formula: GENERATED_PLURAL, type: pluralType(2, GENERATED_PLURAL) });
    return (await this.findByCode(code, manager))!;
  }

  /** `ar_SY` from Arabic: its name with the region, its direction and its plural (another file may have made it already). */
  private async createRegionalVariant(manager: EntityManager, code: string, region: string, base: Language): Promise<Language> {
    const id = await this.insertAdminLanguage(manager, code, { name: `${base.name} (${region})`, direction: base.direction, population: 0 });
    const plural = base.plurals?.[0];
    if (id !== null && plural) await this.saveDefaultPlural(manager, id, { number: plural.number, formula: plural.formula, type: plural.type });
    return (await this.findByCode(code, manager))!;
  }

  async resolveCodes(codes: string[], manager: EntityManager = this.dataSource.manager): Promise<Map<string, Language>> {
    if (codes.length === 0) return new Map();
    const rows = await this.withDefaultPlural(manager)
      .where('language.code IN (:...codes)', { codes })
      .orWhere('lower(language.code) IN (:...normalized)', { normalized: codes.map(normalizeCode) })
      .orWhere('language.aliases && :aliases', { aliases: codes.flatMap((code) => [code, code.toLowerCase(), normalizeCode(code)]) })
      .getMany();
    const byCode = new Map(rows.map((language) => [language.code, language]));
    const byNormalized = new Map(rows.map((language) => [language.code.toLowerCase(), language]));
    const result = new Map<string, Language>();
    for (const code of codes) {
      const language =
        byCode.get(code) ??
        byNormalized.get(normalizeCode(code)) ??
        rows.find((candidate) => candidate.aliases.some((alias) => [code, code.toLowerCase(), normalizeCode(code)].includes(alias)));
      if (language) result.set(code, language);
    }
    return result;
  }

  /**
   * Loads the shipped definitions: languages from the data set are added or updated with their default plural;
   * those an administrator created or edited (origin 'admin') are never touched. `onlyIfEmpty`: only into an
   * installation that has no languages yet.
   */
  async syncShipped(languages: readonly ShippedLanguage[], { onlyIfEmpty }: { onlyIfEmpty: boolean }): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (onlyIfEmpty) {
        const [{ count }] = await manager.query('SELECT count(*)::int AS count FROM languages');
        if (count > 0) return;
      }
      await manager.query(
        `INSERT INTO languages (code, name, direction, population, aliases, origin)
         SELECT d.code, d.name, d.direction, d.population, ARRAY(SELECT json_array_elements_text(d.aliases::json)), 'data'
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[]) AS d(code, name, direction, population, aliases)
         ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, direction = EXCLUDED.direction,
           population = EXCLUDED.population, aliases = EXCLUDED.aliases
         WHERE languages.origin = 'data'`,
        [
          languages.map((l) => l.code),
          languages.map((l) => l.name),
          languages.map((l) => l.direction),
          languages.map((l) => l.population),
          languages.map((l) => JSON.stringify(l.aliases)),
        ],
      );
      await manager.query(
        `INSERT INTO plurals (language_id, source, number, formula, type)
         SELECT l.id, $5, d.number, d.formula, d.type
         FROM unnest($1::text[], $2::int[], $3::text[], $4::int[]) AS d(code, number, formula, type)
         JOIN languages l ON l.code = d.code AND l.origin = 'data'
         ON CONFLICT (language_id, source) DO UPDATE SET number = EXCLUDED.number, formula = EXCLUDED.formula, type = EXCLUDED.type`,
        [
          languages.map((l) => l.code),
          languages.map((l) => l.plural.number),
          languages.map((l) => l.plural.formula),
          languages.map((l) => pluralType(l.plural.number, l.plural.formula)),
          PluralSource.Default,
        ],
      );
    });
  }
}

function normalizeCode(code: string): string {
  return code.replace(/-/g, '_').toLowerCase();
}
