import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { whereProjectVisible } from '../auth/project-visibility';
import { ProjectVisibility } from '../auth/user-permissions';
import { Label } from '../labels/label.entity';
import { TranslationLookup } from '../translations/translation-lookup';
import type { TranslationContext } from '../translations/translation-context';
import { UnitState } from '../formats';
import { PageRequest, resolveLastPage } from '../core/pagination/page';
import { CompiledQuery, selectsEveryUnit } from './search';
import { Unit } from './unit.entity';
import { retryingTransaction } from '../database/retrying-transaction';
import { queryPrepared } from '../database/prepared-statement';
import type { SqlStatement } from '../database/chained-write';
import { TranslationUnitsJson, unitJson } from './unit-json.sql';
import { joinJsonArrays, pageParts } from './page-json-parts';
import { categoryPathSql } from '../categories/category-path.sql';

/** A unit with what serialization and access checks need from around it. */
export interface UnitContext {
  unit: Unit;
  translation: TranslationContext;
  /** Labels of its source string (labels belong to source units). */
  labels: Label[];
  /** On a unit read as a request's target (findContext): what saving it in one statement checks is still so. */
  read?: ReadVersion;
}

/**
 * The row version (`xmin`) of a unit as read, its source string's extra flags then (which its checks depend on), and
 * whether the same string lay in another component of the project taking propagated edits.
 */
export interface ReadVersion {
  version: string;
  sourceExtraFlags: string;
  hasCopies: boolean;
}

/** A translation as a save writes it. */
export interface TargetWrite {
  target: string[];
  state: number;
  failingChecks: string[];
  lastUpdated: Date;
}

/** The extra flags of unit `u`'s source string: its own on a source unit. */
const SOURCE_EXTRA_FLAGS = `CASE WHEN u.source_unit_id IS NULL THEN u.extra_flags
  ELSE COALESCE((SELECT su.extra_flags FROM units su WHERE su.id = u.source_unit_id), '') END`;

/** Whether unit `u`'s string lies in another component of its project that takes propagated edits, in the same language. */
const HAS_COPIES = `EXISTS (SELECT 1 FROM translations t JOIN components c ON c.id = t.component_id
  JOIN units o ON o.content_hash = u.content_hash AND o.id <> u.id
  JOIN translations ot ON ot.id = o.translation_id AND ot.language_id = t.language_id
  JOIN components oc ON oc.id = ot.component_id AND oc.project_id = c.project_id
  WHERE t.id = u.translation_id AND oc.allow_translation_propagation)`;

/** A string an edit may propagate to, with the project (the edited string's), component and language it belongs to. */
export interface PropagationTarget {
  unit: Unit;
  project: { id: number; accessControl: number };
  component: { id: number; restricted: boolean };
  languageId: number;
}

/** A unit of a list's page: which it is, and which translation's URLs it shows. */
export interface PageUnit {
  id: number;
  translationId: number;
}

/** Which units a list shows: a search, within one translation or across everything the caller can see. */
export interface UnitFilter {
  search: CompiledQuery;
  translationId?: number;
  visibility?: ProjectVisibility;
}

@Injectable()
export class UnitsRepository {
  private columns: string | undefined;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly translations: TranslationLookup,
  ) {}

  /**
   * The unit with its translation and labels. The two reads go out together (the translation is found through the
   * unit's id), so loading a unit costs the depth of its translation's context and no more; with an access
   * generation (see `LoadTarget`), what surrounds the unit comes from caches kept under it.
   */
  async findContext(id: number, generation?: string): Promise<UnitContext | null> {
    const [found, translation] = await Promise.all([this.findWithLabels(id), this.translations.findOfUnit(id, generation)]);
    // Units never move between translations; one deleted between the reads is gone.
    if (!found || !translation) return null;
    return { ...found, translation };
  }

  /** One unit with its source string's labels (ordered by name) and its row version, read in one statement. */
  private async findWithLabels(id: number): Promise<{ unit: Unit; labels: Label[]; read: ReadVersion } | null> {
    const [row] = await queryPrepared<Unit & { labels: Label[] } & ReadVersion>(
      this.dataSource,
      'unit-with-labels',
      `SELECT ${this.unitColumns()}, u.xmin::text AS version, ${SOURCE_EXTRA_FLAGS} AS "sourceExtraFlags", ${HAS_COPIES} AS "hasCopies",
         (SELECT coalesce(json_agg(json_build_object('id', lb.id, 'projectId', lb.project_id, 'name', lb.name, 'description', lb.description,
                   'color', lb.color) ORDER BY lb.name), '[]')
          FROM unit_labels ul JOIN labels lb ON lb.id = ul.label_id WHERE ul.unit_id = coalesce(u.source_unit_id, u.id)) AS labels
       FROM units u WHERE u.id = $1`,
      [id],
    );
    if (!row) return null;
    const { labels, version, sourceExtraFlags, hasCopies, ...unit } = row;
    return { unit, labels, read: { version, sourceExtraFlags, hasCopies } };
  }

  /**
   * The count and one page of a list (`page=last` resolved against the count) — the page's unit ids and their
   * translations — read in one transaction whose statements may run `timeoutMs` each at most (SET LOCAL: the
   * connection's own timeout is back once it ends). The page's ids come from an index (narrow rows, no OFFSET over
   * whole units); `pageJson` writes their rows. A list without a search counts from the translations' stored statistics
   * instead of its units; where the page read disagrees with that count (a project's strings being deleted in
   * batches), the units are counted after all.
   */
  async readPage(filter: UnitFilter, request: PageRequest, timeoutMs: number): Promise<{ count: number; page: PageRequest; units: PageUnit[] }> {
    return retryingTransaction(this.dataSource, async (manager) => {
      const everyUnit = selectsEveryUnit(filter.search);
      await manager.query(`SELECT set_config('statement_timeout', $1, true)${everyUnit ? KEEP_INDEX_ORDER : ''}`, [String(timeoutMs)]);
      if (!everyUnit && request.url.searchParams.get('page') !== 'last') {
        // A search is run once: its page is read with the count of every match (a window over them), which only an
        // empty page (no match, or past the last one) asks for on its own.
        const read = await this.pageUnits(manager, filter, request, true);
        const count = read.total ?? (await this.filtered(manager, filter).getCount());
        return { count, page: request, units: read.units };
      }
      let count = everyUnit ? await this.storedCount(manager, filter) : await this.filtered(manager, filter).getCount();
      let page = resolveLastPage(request, count);
      let read = await this.pageUnits(manager, filter, page);
      if (everyUnit && !pageFits({ count: read.units.length, more: read.more }, page, count)) {
        count = await this.filtered(manager, filter).getCount();
        page = resolveLastPage(request, count);
        read = await this.pageUnits(manager, filter, page);
      }
      return { count, page, units: read.units };
    });
  }

  /**
   * The page's units (id and translation) in list order, and whether a unit follows them; `counted`: with the number
   * of units the filter selects (`total`, unknown when the page is empty).
   */
  private async pageUnits(manager: EntityManager, filter: UnitFilter, page: PageRequest, counted = false): Promise<{ units: PageUnit[]; more: boolean; total?: number }> {
    const query =
      filter.translationId !== undefined && selectsEveryUnit(filter.search)
        ? manager.createQueryBuilder().from(Unit, 'u').where('u.translation_id = :translationId', { translationId: filter.translationId })
        : this.filtered(manager, filter);
    const ordered = filter.translationId === undefined ? query.orderBy('u.id') : query.orderBy('u.position').addOrderBy('u.id');
    ordered.select('u.id', 'id').addSelect('u.translation_id', 'translation_id');
    if (counted) ordered.addSelect('count(*) OVER ()', 'total');
    const rows: { id: number; translation_id: number; total?: string }[] = await ordered.offset(page.offset).limit(page.pageSize + 1).getRawMany();
    const units = rows.map((row) => ({ id: Number(row.id), translationId: Number(row.translation_id) }));
    return { units: units.slice(0, page.pageSize), more: units.length > page.pageSize, total: rows.length ? Number(rows[0].total) : undefined };
  }

  /** What the URLs of these translations' units are made of (`UrlBuilder.unitsOf`), in one statement. */
  async urlPartsOf(translationIds: readonly number[]): Promise<{ translationId: number; projectSlug: string; componentPath: string; languageCode: string }[]> {
    if (!translationIds.length) return [];
    return this.dataSource.query(
      `SELECT t.id AS "translationId", p.slug AS "projectSlug", t.language_code AS "languageCode",
         CASE WHEN cat.path IS NULL THEN c.slug ELSE cat.path || '/' || c.slug END AS "componentPath"
       FROM translations t JOIN components c ON c.id = t.component_id JOIN projects p ON p.id = c.project_id
       LEFT JOIN LATERAL (SELECT ${categoryPathSql('c.category_id')} AS path) cat ON true
       WHERE t.id = ANY($1::int[])`,
      [[...translationIds]],
    );
  }

  /**
   * A page of one translation's units in file order as JSON text (`unitJson`), without a transaction: the ids come
   * from `translation_page_unit_ids` (a range of positions when they are `dense`, else the index walk; see its
   * migration), one more than the part to tell whether another follows. A large page is written in parts at once
   * (`pageParts`), split over the rows the count leaves it (the last page of a small translation is one statement).
   * `count` is the translation's stored total; null when the page read disagrees with it (strings being deleted),
   * for `readPage` to count them.
   */
  async translationPageJson(
    translation: TranslationUnitsJson, { count, dense }: { count: number; dense: boolean }, request: PageRequest, unitsUrl: string,
  ): Promise<{ page: PageRequest; json: string } | null> {
    const page = resolveLastPage(request, count);
    const parts = await Promise.all(
      pageParts(expectedRows(page, count)).map(async ({ skip, take }) => {
        const [row] = await queryPrepared<{ json: string; read: number }>(
          this.dataSource,
          'translation-page-json',
          `SELECT '[' || coalesce(string_agg(${unitJson('$5')}, ',' ORDER BY p.ord) FILTER (WHERE p.ord <= $3), '') || ']' AS json, count(*)::int AS read
           FROM translation_page_unit_ids($1, $2, $3 + 1, $8) WITH ORDINALITY AS p(id, ord)
           JOIN units u ON u.id = p.id
           CROSS JOIN (SELECT $4::text AS url, $6::text AS language_code, $7::text AS editor) tr`,
          [translation.translationId, page.offset + skip, take, translation.url, unitsUrl, translation.languageCode, translation.editor, dense],
        );
        return { json: row.json, count: Math.min(row.read, take), more: row.read > take };
      }),
    );
    const read = { count: parts.reduce((sum, part) => sum + part.count, 0), more: parts[parts.length - 1].more };
    return pageFits(read, page, count) ? { page, json: joinJsonArrays(parts.map((part) => part.json)) } : null;
  }

  /** These units as a JSON array (`unitJson`) in the order given, each with its translation's URLs; a large page in parts at once. */
  async pageJson(units: readonly PageUnit[], translations: readonly TranslationUnitsJson[], unitsUrl: string): Promise<string> {
    if (!units.length) return '[]';
    const parts = await Promise.all(
      pageParts(units.length).map(async ({ skip, take }) => {
        const [row] = await queryPrepared<{ json: string }>(
          this.dataSource,
          'units-page-json',
          `SELECT '[' || coalesce(string_agg(${unitJson('$2')}, ',' ORDER BY p.ord), '') || ']' AS json
           FROM unnest($1::int[]) WITH ORDINALITY AS p(id, ord)
           JOIN units u ON u.id = p.id
           JOIN unnest($3::int[], $4::text[], $5::text[], $6::text[]) AS tr(translation_id, url, language_code, editor) ON tr.translation_id = u.translation_id`,
          [
            units.slice(skip, skip + take).map((unit) => unit.id), unitsUrl, translations.map((t) => t.translationId), translations.map((t) => t.url),
            translations.map((t) => t.languageCode), translations.map((t) => t.editor),
          ],
        );
        return row.json;
      }),
    );
    return joinJsonArrays(parts);
  }

  /** How many units the translations in the filter's scope hold, from their stored statistics. */
  private async storedCount(manager: EntityManager, filter: UnitFilter): Promise<number> {
    const query = manager
      .createQueryBuilder()
      .select('COALESCE(sum(t.total), 0)', 'count')
      .from('translations', 't')
      .innerJoin('components', 'c', 'c.id = t.component_id')
      .innerJoin('projects', 'p', 'p.id = c.project_id');
    if (filter.translationId !== undefined) query.andWhere('t.id = :translationId', { translationId: filter.translationId });
    if (filter.visibility) whereProjectVisible(query, 'p', filter.visibility, 'c');
    const row: { count: string } | undefined = await query.getRawOne();
    return Number(row?.count ?? 0);
  }

  /**
   * The ids a filter selects within one translation, in file order; narrowed to `among` when given, and with
   * `lock` those rows locked until the transaction ends (a bulk write checks its strings again as it takes them).
   */
  async selectIds(manager: EntityManager, filter: UnitFilter & { translationId: number }, options: { among?: readonly number[]; lock?: boolean } = {}): Promise<number[]> {
    const query = this.filtered(manager, filter).select('u.id', 'id').orderBy('u.position').addOrderBy('u.id');
    if (options.among) query.andWhere('u.id = ANY(:among)', { among: [...options.among] });
    if (options.lock) query.setLock('pessimistic_write', undefined, ['u']);
    const rows: { id: number }[] = await query.getRawMany();
    return rows.map((row) => Number(row.id));
  }

  /**
   * These units, in the order of `ids`. Read as plain rows whose columns are named as the entity's properties: the
   * driver already gives each column its type, and TypeORM's hydration of a 1000-string page cost more than its query.
   * One array parameter rather than IN with one placeholder per id: a 1000-string page was planned from 1000 parameters.
   */
  async findByIds(manager: EntityManager, ids: readonly number[]): Promise<Unit[]> {
    const found: Unit[] = await manager.query(`SELECT ${this.unitColumns()} FROM units u WHERE u.id = ANY($1::int[])`, [[...ids]]);
    if (found.length < 2) return found;
    const byId = new Map(found.map((unit) => [unit.id, unit]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The select list giving a row the shape of a `Unit` (built once from the entity's columns). */
  private unitColumns(): string {
    this.columns ??= this.dataSource
      .getMetadata(Unit)
      .columns.map((column) => `u.${column.databaseName} AS "${column.propertyName}"`)
      .join(', ');
    return this.columns;
  }

  private filtered(manager: EntityManager, filter: UnitFilter): SelectQueryBuilder<Unit> {
    const query = manager
      .getRepository(Unit)
      .createQueryBuilder('u')
      .innerJoin('translations', 't', 't.id = u.translation_id')
      .innerJoin('components', 'c', 'c.id = t.component_id')
      .innerJoin('projects', 'p', 'p.id = c.project_id')
      .innerJoin('languages', 'l', 'l.id = t.language_id');
    if (filter.translationId !== undefined) query.andWhere('u.translation_id = :translationId', { translationId: filter.translationId });
    if (filter.visibility) whereProjectVisible(query, 'p', filter.visibility, 'c');
    whereSearch(query, filter.search);
    return query;
  }

  /** The labels of the unit's source string (read again after a write replaced them). */
  async labelsOf(unit: Unit): Promise<Label[]> {
    const sourceId = unit.sourceUnitId ?? unit.id;
    return (await this.labelsOfSourceUnits([sourceId])).get(sourceId) ?? [];
  }

  /** The labels of source strings, by source unit id: of these source units, or of these units' source strings. */
  private async labelsOfSourceUnits(sourceIds: number[]): Promise<Map<number, Label[]>> {
    const labelRows: (Label & { unit_id: number })[] = sourceIds.length
      ? await this.dataSource.query(
          `SELECT ul.unit_id, lb.id, lb.project_id AS "projectId", lb.name, lb.description, lb.color
           FROM unit_labels ul JOIN labels lb ON lb.id = ul.label_id WHERE ul.unit_id = ANY($1::int[]) ORDER BY lb.name`,
          [sourceIds],
        )
      : [];
    const labelsOf = new Map<number, Label[]>();
    for (const { unit_id: unitId, ...label } of labelRows) labelsOf.set(unitId, [...(labelsOf.get(unitId) ?? []), label as Label]);
    return labelsOf;
  }

  labelsByIds(projectId: number, ids: readonly number[]): Promise<Label[]> {
    return this.dataSource.getRepository(Label).findBy({ projectId, id: In([...ids]) });
  }

  /**
   * The unit locked until the transaction ends, so concurrent writes to it apply one after the other, with the extra
   * flags of its source string (its own on a source unit), which its checks take into account, and whether the same
   * string lies in another component of the project that takes propagated edits (most strings have no copy: then
   * an edit need not look for them with a query of its own).
   */
  async lockForUpdate(manager: EntityManager, id: number): Promise<{ unit: Unit; sourceExtraFlags: string; hasCopies: boolean } | null> {
    const [row] = await queryPrepared<Unit & { sourceExtraFlags: string; hasCopies: boolean }>(
      manager,
      'unit-for-update',
      `SELECT ${this.unitColumns()}, ${SOURCE_EXTRA_FLAGS} AS "sourceExtraFlags", ${HAS_COPIES} AS "hasCopies"
       FROM units u WHERE u.id = $1 FOR UPDATE OF u`,
      [id],
    );
    if (!row) return null;
    const { sourceExtraFlags, hasCopies, ...unit } = row;
    return { unit, sourceExtraFlags, hasCopies };
  }

  /**
   * The UPDATE saving a unit's translation (returning its id when it wrote), to chain the statistics and the change
   * log after (`writeChained`). With `unless`, only when the row is still the version read, its source string's
   * extra flags as its checks saw them, and — when edits of the string may propagate — it has no copy to propagate
   * to: otherwise nothing is written, and the caller takes the unit's lock and saves it the long way.
   */
  targetWrite(unitId: number, write: TargetWrite, unless?: ReadVersion & { propagates: boolean }): SqlStatement {
    const params: unknown[] = [unitId, write.target, write.state, write.failingChecks, write.lastUpdated];
    let unchanged = '';
    if (unless) {
      params.push(unless.version, unless.sourceExtraFlags);
      unchanged = ` AND u.xmin = $6::xid AND ${SOURCE_EXTRA_FLAGS} = $7${unless.propagates ? ` AND NOT ${HAS_COPIES}` : ''}`;
    }
    return {
      sql: `UPDATE units u SET target = $2, state = $3, failing_checks = $4, pending = true, automatically_translated = false, last_updated = $5
            WHERE u.id = $1${unchanged} RETURNING u.id`,
      params,
    };
  }

  /** The UPDATE of an edit propagated to a copy of the string (returning its id), to chain its statistics and change log after. */
  propagatedWrite(unitId: number, write: Pick<TargetWrite, 'target' | 'state' | 'lastUpdated'>): SqlStatement {
    return {
      sql: 'UPDATE units u SET target = $2, state = $3, pending = true, last_updated = $4 WHERE u.id = $1 RETURNING u.id',
      params: [unitId, write.target, write.state, write.lastUpdated],
    };
  }

  async update(manager: EntityManager, id: number, changes: Partial<Unit>): Promise<void> {
    await manager.update(Unit, id, changes);
  }

  /** Deletes the unit and, for a source string, its translations; the translations that lost a string. */
  async deleteWithTranslations(manager: EntityManager, id: number): Promise<number[]> {
    const [rows]: [{ translation_id: number }[], number] = await manager.query(
      'DELETE FROM units WHERE id = $1 OR source_unit_id = $1 RETURNING translation_id',
      [id],
    );
    return [...new Set(rows.map((row) => row.translation_id))];
  }

  /**
   * The same string in the same language in other components of the project that take propagated edits, whose
   * target differs, locked for the transaction; each with where it lies (for the editor's permissions there).
   */
  async lockPropagationTargets(manager: EntityManager, context: UnitContext, target: string[]): Promise<PropagationTarget[]> {
    const found = await queryPrepared<Unit & { scopeComponent: number; scopeRestricted: boolean }>(
      manager,
      'units-to-propagate-to',
      `SELECT ${this.unitColumns()}, c.id AS "scopeComponent", c.restricted AS "scopeRestricted"
       FROM units u JOIN translations t ON t.id = u.translation_id JOIN components c ON c.id = t.component_id
       WHERE u.content_hash = $1 AND u.id <> $2 AND t.language_id = $3 AND c.project_id = $4
         AND c.allow_translation_propagation AND NOT c.locked AND u.state <> ${UnitState.ReadOnly} AND u.target <> $5
       ORDER BY u.id FOR UPDATE OF u`,
      [context.unit.contentHash, context.unit.id, context.translation.language.id, context.translation.component.project.id, target],
    );
    const { component, language } = context.translation;
    return found.map(({ scopeComponent, scopeRestricted, ...unit }) => ({
      unit,
      project: component.project,
      component: { id: scopeComponent, restricted: scopeRestricted },
      languageId: language.id,
    }));
  }

  /** Labels belong to source units: the unit's labels become exactly these. */
  async setLabels(manager: EntityManager, unitId: number, labelIds: readonly number[]): Promise<void> {
    await manager.query('DELETE FROM unit_labels WHERE unit_id = $1', [unitId]);
    await manager.query('INSERT INTO unit_labels (unit_id, label_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [unitId, [...labelIds]]);
  }

  /** The extra flags of these (source) units, by id. */
  async extraFlagsByIds(manager: EntityManager, unitIds: readonly number[]): Promise<Map<number, string>> {
    const rows: { id: number; extra_flags: string }[] = await manager.query('SELECT id, extra_flags FROM units WHERE id = ANY($1::int[])', [[...unitIds]]);
    return new Map(rows.map((row) => [Number(row.id), row.extra_flags]));
  }
}

/** The search compiler numbers its parameters ($1…); the query builder wants names, so they are renamed. */
function whereSearch(query: SelectQueryBuilder<Unit>, search: CompiledQuery): void {
  const parameters: Record<string, unknown> = {};
  const sql = search.sql.replace(/\$(\d+)/g, (_match, index: string) => {
    parameters[`q${index}`] = search.params[Number(index) - 1];
    return `:q${index}`;
  });
  query.andWhere(`(${sql})`, parameters);
}

/**
 * A list without a search is the units in index order (units_translation_position, or the primary key), and the
 * page's ids are read from the index alone. The planner does not always see it: with statistics that lag behind a
 * large import, or pages not yet marked all-visible, it estimated a sort of the whole translation as cheaper (seconds
 * at 100k strings). For this transaction's statements it is told not to sort, nor to scan the table or a bitmap (set with the
 * statement timeout, in the same round trip).
 */
const KEEP_INDEX_ORDER = `, set_config('enable_sort', 'off', true), set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true)`;

/** Whether a page read agrees with the count it was planned against: as many rows as the count leaves, and a next one exactly when expected. */
function pageFits(read: { count: number; more: boolean }, page: PageRequest, count: number): boolean {
  return read.count === expectedRows(page, count) && read.more === page.offset + page.pageSize < count;
}

/** How many rows of the page `count` units leave. */
function expectedRows(page: PageRequest, count: number): number {
  return Math.max(0, Math.min(page.pageSize, count - page.offset));
}
