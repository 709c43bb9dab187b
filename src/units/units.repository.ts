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
import { CompiledQuery } from './search';
import { Unit } from './unit.entity';
import { retryingTransaction } from '../database/retrying-transaction';

/** A unit with what serialization and access checks need from around it. */
export interface UnitContext {
  unit: Unit;
  translation: TranslationContext;
  /** Labels of its source string (labels belong to source units). */
  labels: Label[];
}

/** A string an edit may propagate to, with the project (the edited string's), component and language it belongs to. */
export interface PropagationTarget {
  unit: Unit;
  project: { id: number; accessControl: number };
  component: { id: number; restricted: boolean };
  languageId: number;
}

/** Which units a list shows: a search, within one translation or across everything the caller can see. */
export interface UnitFilter {
  search: CompiledQuery;
  translationId?: number;
  visibility?: ProjectVisibility;
}

@Injectable()
export class UnitsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly translations: TranslationLookup,
  ) {}

  async findContext(id: number, manager: EntityManager = this.dataSource.manager): Promise<UnitContext | null> {
    const unit = await manager.getRepository(Unit).findOneBy({ id });
    return unit ? (await this.hydrate([unit]))[0] : null;
  }

  /**
   * The count and one page of a list (`page=last` resolved against the count), read in one transaction whose
   * statements may run `timeoutMs` each at most (SET LOCAL: the connection's own timeout is back once it ends).
   */
  async readPage(filter: UnitFilter, request: PageRequest, timeoutMs: number): Promise<{ count: number; page: PageRequest; units: Unit[] }> {
    return retryingTransaction(this.dataSource, async (manager) => {
      await manager.query(`SELECT set_config('statement_timeout', $1, true)`, [String(timeoutMs)]);
      const count = await this.filtered(manager, filter).getCount();
      const page = resolveLastPage(request, count);
      const query = this.filtered(manager, filter);
      const ordered = filter.translationId === undefined ? query.orderBy('u.id') : query.orderBy('u.position').addOrderBy('u.id');
      return { count, page, units: await ordered.offset(page.offset).limit(page.pageSize).getMany() };
    });
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

  /** These units, in the order of `ids`. */
  async findByIds(manager: EntityManager, ids: readonly number[]): Promise<Unit[]> {
    const byId = new Map((await manager.getRepository(Unit).findBy({ id: In([...ids]) })).map((unit) => [unit.id, unit]));
    return ids.flatMap((id) => byId.get(id) ?? []);
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

  /** Translations and labels of many units in a few queries. */
  async hydrate(units: Unit[]): Promise<UnitContext[]> {
    const translations = new Map(
      (await this.translations.findByIds([...new Set(units.map((unit) => unit.translationId))])).map((context) => [context.translation.id, context]),
    );
    const sourceIds = [...new Set(units.map((unit) => unit.sourceUnitId ?? unit.id))];
    const labelRows: (Label & { unit_id: number })[] = sourceIds.length
      ? await this.dataSource.query(
          `SELECT ul.unit_id, lb.id, lb.project_id AS "projectId", lb.name, lb.description, lb.color
           FROM unit_labels ul JOIN labels lb ON lb.id = ul.label_id WHERE ul.unit_id = ANY($1::int[]) ORDER BY lb.name`,
          [sourceIds],
        )
      : [];
    const labelsOf = new Map<number, Label[]>();
    for (const { unit_id: unitId, ...label } of labelRows) labelsOf.set(unitId, [...(labelsOf.get(unitId) ?? []), label as Label]);
    return units.map((unit) => ({
      unit,
      translation: translations.get(unit.translationId)!,
      labels: labelsOf.get(unit.sourceUnitId ?? unit.id) ?? [],
    }));
  }

  labelsByIds(projectId: number, ids: readonly number[]): Promise<Label[]> {
    return this.dataSource.getRepository(Label).findBy({ projectId, id: In([...ids]) });
  }

  /** The unit locked until the transaction ends, so concurrent writes to it apply one after the other. */
  lockForUpdate(manager: EntityManager, id: number): Promise<Unit | null> {
    return manager.getRepository(Unit).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
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
    const found = await manager
      .getRepository(Unit)
      .createQueryBuilder('u')
      .innerJoin('translations', 't', 't.id = u.translation_id')
      .innerJoin('components', 'c', 'c.id = t.component_id')
      .where('u.content_hash = :hash AND u.id <> :id AND t.language_id = :language AND c.project_id = :project', {
        hash: context.unit.contentHash,
        id: context.unit.id,
        language: context.translation.language.id,
        project: context.translation.component.project.id,
      })
      .andWhere('c.allow_translation_propagation AND NOT c.locked AND u.state <> :readonly', { readonly: UnitState.ReadOnly })
      .andWhere('u.target <> :target', { target })
      .addSelect(['c.id AS scope_component', 'c.restricted AS scope_restricted'])
      .orderBy('u.id')
      .setLock('pessimistic_write', undefined, ['u'])
      .getRawAndEntities();
    const { component, language } = context.translation;
    return found.entities.map((unit, index) => {
      const raw = found.raw[index] as { scope_component: number; scope_restricted: boolean };
      return {
        unit,
        project: component.project,
        component: { id: raw.scope_component, restricted: raw.scope_restricted },
        languageId: language.id,
      };
    });
  }

  /** Labels belong to source units: the unit's labels become exactly these. */
  async setLabels(manager: EntityManager, unitId: number, labelIds: readonly number[]): Promise<void> {
    await manager.query('DELETE FROM unit_labels WHERE unit_id = $1', [unitId]);
    await manager.query('INSERT INTO unit_labels (unit_id, label_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [unitId, [...labelIds]]);
  }

  async extraFlagsOf(manager: EntityManager, unitId: number): Promise<string> {
    return (await this.extraFlagsByIds(manager, [unitId])).get(unitId) ?? '';
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
