import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import { ChangeRecord, ChangesService } from '../changes/changes.service';
import { UnitState } from '../formats';
import type { TranslationContext } from '../translations/translation-context';
import { OtherComponents, translationsOfSameSource } from './auto-translation.repository';
import { recordLastChange } from './translation-files.repository';
import { TranslationStatistics } from './translation-statistics.repository';
import { enforcedState, failingChecksFor, joinFlags } from './unit-checks';
import { sameForms } from './unit-edit';
import { changeScope, expectedForms, pluralCountOf, reviewEnabled } from './unit-editing.service';
import { insertSuggestions, UnitWrite, writeUnits } from './unit-rows.repository';
import { Unit } from './unit.entity';
import { UnitFilter, UnitsRepository } from './units.repository';
import { compileSearch } from './units.service';
import { retryingTransaction } from '../database/retrying-transaction';

/** What automatic translation does with a translation it found: Weblate's AutoForm `mode`. */
export const AUTO_TRANSLATE_MODES = ['suggest', 'translate', 'fuzzy', 'approved'] as const;
export type AutoTranslateMode = (typeof AUTO_TRANSLATE_MODES)[number];

/** One run of automatic translation over one translation, by a user (credited with what it writes). */
export interface AutoTranslationRun {
  translation: TranslationContext;
  mode: AutoTranslateMode;
  /** The unit search selecting the strings to fill (Weblate's `q`), already checked. */
  query: string;
  userId: number | null;
}

/**
 * The strings' side of automatic translation (POST …/autotranslate/): which strings a run fills, translations found
 * for them in other components, and the writes, set-based like an upload's: each batch in one transaction with
 * its checks, statistics and change records (Weblate's automatic translation action, or a suggestion). As in
 * Weblate, nothing propagates to other components.
 */
@Injectable()
export class AutoTranslation {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly units: UnitsRepository,
    private readonly statistics: TranslationStatistics,
    private readonly changes: ChangesService,
  ) {}

  /** The strings the run fills, in file order. Each batch is selected again as it is written: strings changed meanwhile are left alone. */
  selected(run: AutoTranslationRun): Promise<number[]> {
    return this.units.selectIds(this.dataSource.manager, selection(run));
  }

  /** These strings as they are now, for a source of translations to look at. */
  read(unitIds: readonly number[]): Promise<Unit[]> {
    return this.units.findByIds(this.dataSource.manager, unitIds);
  }

  /** Weblate's `others`: the translations of the same source text in `componentId`, or in every component of the project. */
  fromOtherComponents(run: AutoTranslationRun, unitIds: readonly number[], componentId: number | null): Promise<Map<number, string[]>> {
    const { translation, component, language } = run.translation;
    const from: OtherComponents = componentId !== null
      ? { componentId }
      : { projectId: component.project.id, sourceLanguageId: component.component.sourceLanguageId };
    return translationsOfSameSource(this.dataSource.manager, unitIds, { languageId: language.id, exceptTranslationId: translation.id, from });
  }

  /**
   * Targets made of translations of the strings' source texts (machine translation): each form from the translation
   * of the source form it stands for, the forms past the source's from its last (plural) one; a string missing any
   * is left out.
   */
  fromTextTranslations(run: AutoTranslationRun, units: readonly Unit[], translated: ReadonlyMap<string, string>): Map<number, string[]> {
    const found = new Map<number, string[]>();
    for (const unit of units) {
      const forms = Array.from({ length: expectedForms(unit.source, run.translation) }, (_, index) => translated.get(unit.source[Math.min(index, unit.source.length - 1)]));
      if (forms.every((form) => form !== undefined)) found.set(unit.id, forms);
    }
    return found;
  }

  /**
   * Writes the translations found (by unit id) to the strings the run still selects, skipping those whose number of
   * forms does not fit; returns how many strings were updated (or got a suggestion).
   */
  async apply(run: AutoTranslationRun, found: ReadonlyMap<number, string[]>): Promise<number> {
    if (!found.size) return 0;
    const context = run.translation;
    return retryingTransaction(this.dataSource, async (manager) => {
      const ids = await this.units.selectIds(manager, selection(run), { among: [...found.keys()], lock: true });
      const fitting = (await this.units.findByIds(manager, ids))
        .map((unit) => ({ unit, target: found.get(unit.id)! }))
        .filter(({ unit, target }) => target.length === expectedForms(unit.source, context));
      const scope = { ...changeScope(context), userId: run.userId, authorId: run.userId };
      let records: ChangeRecord[];
      if (run.mode === 'suggest') {
        await insertSuggestions(manager, fitting.map(({ unit, target }) => ({ unitId: unit.id, target })), run.userId);
        records = fitting.map(({ unit, target }) => ({ ...scope, action: ChangeAction.Suggestion, unitId: unit.id, target: target.join('\n') }));
      } else {
        const writes = await this.checkedWrites(manager, context, fitting, targetState(context, run.mode));
        await writeUnits(manager, writes, true);
        records = writes.map((write) => ({ ...scope, action: ChangeAction.Auto, unitId: write.unitId, target: write.target.join('\n'), old: write.old.join('\n') }));
      }
      if (!records.length) return 0;
      await this.statistics.recount(manager, [context.translation.id]);
      await recordLastChange(manager, context.translation.id, run.userId);
      await this.changes.recordMany(manager, records);
      return records.length;
    });
  }

  /** The writes that change something, with their failing checks (as a PATCH of each string would store them). */
  private async checkedWrites(
    manager: EntityManager, context: TranslationContext, fitting: { unit: Unit; target: string[] }[], state: number,
  ): Promise<(UnitWrite & { old: string[] })[]> {
    const changing = fitting.filter(({ unit, target }) => unit.state !== state || !sameForms(unit.target, target));
    const sourceFlags = await this.units.extraFlagsByIds(manager, changing.flatMap(({ unit }) => unit.sourceUnitId ?? []));
    const { project, component } = context.component;
    const checkScope = { pluralCount: pluralCountOf(context), languageCode: context.translation.languageCode, isSource: context.translation.isSource };
    return changing.map(({ unit, target }) => {
      const extraFlags = unit.sourceUnitId === null ? unit.extraFlags : (sourceFlags.get(unit.sourceUnitId) ?? '');
      const flags = joinFlags(project.checkFlags, component.checkFlags, extraFlags);
      const failingChecks = failingChecksFor({ source: unit.source, target, state, flags: unit.flags }, { ...checkScope, flags });
      return { unitId: unit.id, target, state: enforcedState(state, failingChecks, component.enforcedChecks), failingChecks, old: unit.target };
    });
  }
}

/** The run's strings: those its search selects, never read-only ones, and in suggest mode only those without a suggestion (as Weblate). */
function selection(run: AutoTranslationRun): UnitFilter & { translationId: number } {
  const search = compileSearch(run.query);
  const writable = `u.state <> ${UnitState.ReadOnly}${run.mode === 'suggest' ? ' AND NOT u.has_suggestion' : ''}`;
  return { translationId: run.translation.translation.id, search: { sql: `(${search.sql}) AND ${writable}`, params: search.params } };
}

/** `approved` approves only where strings can be approved; elsewhere it translates, as Weblate does. */
function targetState(context: TranslationContext, mode: Exclude<AutoTranslateMode, 'suggest'>): number {
  if (mode === 'fuzzy') return UnitState.Fuzzy;
  if (mode === 'approved' && reviewEnabled(context)) return UnitState.Approved;
  return UnitState.Translated;
}
