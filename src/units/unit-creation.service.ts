import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { ValidationError } from '../core/errors/domain-error';
import { UnitState } from '../formats';
import { makeUnit } from '../formats/units';
import type { TranslationContext } from '../translations/translation-context';
import { TranslationStatistics } from './translation-statistics.repository';
import { changeScope, Editor, pluralCountOf } from './unit-editing.service';
import { ComponentLockedError } from './unit-errors';
import { failingChecksFor, joinFlags } from './unit-checks';
import { toRow } from './unit-rows';
import { appendUnits, unitIdsByHash } from './unit-rows.repository';
import { componentTranslations, markForWrite } from './translation-files.repository';
import { assertCanAddUnits } from './unit-management';
import { UnitContext, UnitsRepository } from './units.repository';
import { CreateUnitDto } from './dto/create-unit.dto';
import { MESSAGES } from '../core/validation/field-rules';
import { retryingTransaction } from '../database/retrying-transaction';

/**
 * POST …/units/: a new string. Monolingual components take a key and value in the source language and get an
 * untranslated unit in every translation; bilingual ones take context, source and target in the translation
 * named, with its source string added to the source translation when new. The files follow at the next commit.
 */
@Injectable()
export class UnitCreationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly units: UnitsRepository,
    private readonly statistics: TranslationStatistics,
    private readonly changes: ChangesService,
  ) {}

  async create(translation: TranslationContext, body: CreateUnitDto, editor: Editor): Promise<UnitContext> {
    const { component } = translation.component;
    if (component.locked) throw new ComponentLockedError();
    assertCanAddUnits(translation);
    const monolingual = component.template !== '';
    const isSource = translation.translation.isSource;
    const context = monolingual ? required(body.key, 'key') : (body.context ?? '');
    const source = monolingual ? forms(body.value, 'value') : forms(body.source, 'source');
    const target = monolingual ? source : isSource ? source : forms(body.target, 'target', source.length);
    const empty = target.every((form) => form === '');
    const state: UnitState = isSource ? (monolingual && component.editTemplate ? UnitState.Translated : UnitState.ReadOnly) : stateOf(body.state, empty);
    const unit = makeUnit(monolingual, { context, source, target, state });
    const { idHash } = toRow(unit, []);
    const unitId = await retryingTransaction(this.dataSource, async (manager) => {
      const translations = await componentTranslations(manager, component.id);
      const sourceTranslationId = translations.find((candidate) => candidate.isSource)!.id;
      if ((await unitIdsByHash(manager, translation.translation.id, [idHash])).length) throw ValidationError.field(null, 'This string seems to already exist.');
      const touched = new Set<number>([translation.translation.id, sourceTranslationId]);
      await appendUnits(manager, sourceTranslationId, [{ ...unit, target: source, state: isSource ? state : UnitState.ReadOnly }], null);
      if (isSource) {
        for (const { id } of translations.filter((candidate) => !candidate.isSource)) {
          await appendUnits(manager, id, [{ ...unit, target: source.map(() => ''), state: UnitState.Empty }], sourceTranslationId);
          touched.add(id);
        }
      } else {
        const flags = joinFlags(translation.component.project.checkFlags, component.checkFlags);
        const scope = { flags, pluralCount: pluralCountOf(translation), languageCode: translation.translation.languageCode, isSource: false };
        await appendUnits(manager, translation.translation.id, [unit], sourceTranslationId, (added) => failingChecksFor(added, scope));
      }
      await markForWrite(manager, [...touched]);
      await this.statistics.recount(manager, [...touched]);
      const [id] = await unitIdsByHash(manager, translation.translation.id, [idHash]);
      await this.changes.record(manager, {
        ...changeScope(translation),
        action: isSource ? ChangeAction.NewSource : ChangeAction.NewUnit,
        unitId: id,
        userId: editor.userId,
        authorId: editor.userId,
        target: target.join('\n'),
      });
      return id;
    });
    return (await this.units.findContext(unitId))!;
  }
}

function required<T extends string | string[]>(value: T | undefined, field: string): T {
  if (!value?.length) throw ValidationError.field(field, MESSAGES.required, 'required');
  return value;
}

/** Plural forms; `count` pins how many (a target has as many forms as its source, a single one is padded). */
function forms(value: string[] | undefined, field: string, count?: number): string[] {
  const list = required(value, field);
  if (count !== undefined && count > 1 && list.length === 1) return [list[0], ...Array<string>(count - 1).fill('')];
  return list;
}

function stateOf(state: number | undefined, empty: boolean): UnitState {
  if (state === undefined) return empty ? UnitState.Empty : UnitState.Translated;
  if (empty) throw ValidationError.field('state', 'A string without a translation can not have a state.');
  return state as UnitState;
}
