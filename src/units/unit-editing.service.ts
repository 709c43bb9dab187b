import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { UserPermissions } from '../auth/user-permissions';
import { ChangeAction } from '../changes/change-actions';
import { ChangeRecord, ChangesService } from '../changes/changes.service';
import { NotFoundError, PermissionDeniedError, ValidationError } from '../core/errors/domain-error';
import { UnitState } from '../formats';
import { pluralOf } from '../languages/translation-plural';
import type { TranslationContext } from '../translations/translation-context';
import { TranslationStatistics } from './translation-statistics.repository';
import { enforcedState, failingChecksFor, joinFlags } from './unit-checks';
import { allows, demand } from '../auth/policy/object-rules';
import { UnitWriteDto } from './dto/unit-write.dto';
import { UNIT_RULES } from './unit.rules';
import { sameForms, TargetChange, validateTargetChange } from './unit-edit';
import { ComponentLockedError } from './unit-errors';
import { Unit } from './unit.entity';
import { markForWrite } from './translation-files.repository';
import { PropagationTarget, ReadVersion, TargetWrite, UnitContext, UnitsRepository } from './units.repository';
import { assertCanDeleteUnits } from './unit-management';
import { regexFlagProblem } from '../checks';
import { componentScope } from '../auth/scopes';
import type { PermissionScope } from '../auth/user-permissions';
import { MESSAGES } from '../core/validation/field-rules';
import { retryingTransaction } from '../database/retrying-transaction';
import { FollowingWrite, writeChained } from '../database/chained-write';
import { isTransientConflict } from '../database/pg-error';

export interface Editor {
  permissions: UserPermissions;
  userId: number | null;
}

/**
 * Writes to one unit: its translation (target + state) or, on source units, the explanation, extra flags and
 * labels. The unit row is locked for the transaction, so concurrent writes apply one after the other: the
 * last one wins and each is in the change log with the statistics moved by exactly its own difference.
 */
@Injectable()
export class UnitEditingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly units: UnitsRepository,
    private readonly statistics: TranslationStatistics,
    private readonly changes: ChangesService,
  ) {}

  async update(context: UnitContext, body: UnitWriteDto, editor: Editor, complete: boolean): Promise<UnitContext> {
    const { translation } = context;
    if (translation.component.component.locked) throw new ComponentLockedError();
    const isSource = translation.translation.isSource;
    const change = validateTargetChange(body, expectedForms(context.unit.source, translation));
    if (complete && !change && !isSource) throw ValidationError.field('target', MESSAGES.required, 'required');
    const sourceFields = { explanation: body.explanation, extraFlags: body.extra_flags, labels: body.labels };
    const flagsProblem = sourceFields.extraFlags === undefined ? null : regexFlagProblem(sourceFields.extraFlags);
    if (flagsProblem) throw ValidationError.field('extra_flags', flagsProblem);
    const touchesSource = Object.values(sourceFields).some((value) => value !== undefined);
    const scope = permissionScope(translation);
    if (touchesSource) {
      if (!isSource) throw new PermissionDeniedError('Source strings properties can be set only on source strings.');
      demand(editor.permissions, UNIT_RULES.editSourceFields, scope);
    }
    if (change) this.authorizeTargetChange(context, change, editor, scope);
    if (change && !touchesSource && context.read) {
      const saved = await this.saveUnlocked(context, context.read, change, editor);
      if (saved) return { unit: saved, translation: context.translation, labels: context.labels };
    }
    // The unit as this write left it: the locked row with what was written to it (nobody else wrote it meanwhile).
    const saved = await retryingTransaction(this.dataSource, async (manager) => {
      const locked = await this.units.lockForUpdate(manager, context.unit.id);
      if (!locked) return null;
      let unit = locked.unit;
      if (change) unit = await this.writeTarget(manager, { ...context, unit }, change, editor, locked);
      if (touchesSource) unit = await this.writeSourceFields(manager, { ...context, unit }, sourceFields, editor);
      return unit;
    });
    if (!saved) throw new NotFoundError('No Unit matches the given query.');
    const labels = sourceFields.labels === undefined ? context.labels : await this.units.labelsOf(saved);
    return { unit: saved, translation: context.translation, labels };
  }

  async remove(context: UnitContext, editor: Editor): Promise<void> {
    const { translation } = context;
    if (translation.component.component.locked) throw new ComponentLockedError();
    assertCanDeleteUnits(translation);
    await retryingTransaction(this.dataSource, async (manager) => {
      // A source string goes with its translations; the files lose it at the next commit.
      const translationIds = await this.units.deleteWithTranslations(manager, context.unit.id);
      await markForWrite(manager, translationIds);
      await this.statistics.recount(manager, translationIds);
      await this.changes.record(manager, {
        ...changeScope(translation),
        action: ChangeAction.StringRemove,
        userId: editor.userId,
        authorId: editor.userId,
        target: context.unit.source.join('\n'),
      });
    });
  }

  private authorizeTargetChange(context: UnitContext, change: TargetChange, editor: Editor, scope: ReturnType<typeof permissionScope>): void {
    if (context.unit.state === UnitState.ReadOnly) throw new PermissionDeniedError('The string is read-only.');
    if (change.state === UnitState.Approved || context.unit.state === UnitState.Approved) {
      if (change.state === UnitState.Approved && !reviewEnabled(context.translation)) throw ValidationError.field('state', 'Invalid state');
      demand(editor.permissions, UNIT_RULES.review, scope);
    }
  }

  /**
   * A save of the translation alone, when the unit is still the version the request read (the usual case), made as
   * one statement: the unit, its translation's statistics and the change log, without a lock or a transaction of
   * several round trips. Null when it was not made — the unit changed meanwhile, its string has copies to propagate
   * to, or PostgreSQL gave way to another transaction — and the caller saves it under the unit's lock instead.
   */
  private async saveUnlocked(context: UnitContext, read: ReadVersion, change: TargetChange, editor: Editor): Promise<Unit | null> {
    const propagates = context.translation.component.component.allowTranslationPropagation;
    // The statement would refuse a string with copies to propagate to (it checks again, in case one appeared since):
    // such a save is planned once, under the lock.
    if (propagates && read.hasCopies) return sameTarget(context.unit, change) ? context.unit : null;
    const planned = this.planTarget(context, change, editor, read.sourceExtraFlags);
    if (!planned) return context.unit;
    try {
      const written = await writeChained(this.dataSource.manager, this.units.targetWrite(context.unit.id, planned.write, { ...read, propagates }), planned.following);
      return written.length ? planned.saved : null;
    } catch (error) {
      if (isTransientConflict(error)) return null;
      throw error;
    }
  }

  /** Writes the target and state of the locked unit unless they are its own already; the unit as written. */
  private async writeTarget(
    manager: EntityManager, context: UnitContext, change: TargetChange, editor: Editor, { sourceExtraFlags, hasCopies }: { sourceExtraFlags: string; hasCopies: boolean },
  ): Promise<Unit> {
    const planned = this.planTarget(context, change, editor, sourceExtraFlags);
    if (!planned) return context.unit;
    await writeChained(manager, this.units.targetWrite(context.unit.id, planned.write), planned.following);
    const { target, state, lastUpdated } = planned.write;
    if (context.translation.component.component.allowTranslationPropagation && hasCopies) await this.propagate(manager, context, target, state, editor, lastUpdated);
    return planned.saved;
  }

  /**
   * What saving the translation writes: the unit's target, state and failing checks (computed with its source
   * string's extra flags), the move of its translation's statistics and the change record; null when the unit has
   * that target and state already.
   */
  private planTarget(context: UnitContext, change: TargetChange, editor: Editor, sourceExtraFlags: string): { write: TargetWrite; following: FollowingWrite[]; saved: Unit } | null {
    const { unit, translation } = context;
    if (sameTarget(unit, change)) return null;
    const flags = joinFlags(translation.component.project.checkFlags, translation.component.component.checkFlags, sourceExtraFlags);
    const checkScope = { flags, pluralCount: pluralCountOf(translation), languageCode: translation.translation.languageCode, isSource: translation.translation.isSource };
    const failingChecks = failingChecksFor({ source: unit.source, target: change.target, state: change.state, flags: unit.flags }, checkScope);
    const state = enforcedState(change.state, failingChecks, translation.component.component.enforcedChecks);
    const write = { target: change.target, state, failingChecks, lastUpdated: new Date() };
    const statistics = this.statistics.changeAfterWrite(unit.translationId, unit, { ...unit, state, failingChecks }, { at: write.lastUpdated, authorId: editor.userId });
    const record = this.changes.recordAfterWrite([{
      ...changeScope(translation),
      unitId: unit.id,
      action: actionFor(unit, change.target, state),
      userId: editor.userId,
      authorId: editor.userId,
      target: change.target.join('\n'),
      old: unit.target.join('\n'),
    }]);
    return { write, following: statistics ? [statistics, record] : [record], saved: { ...unit, ...write, pending: true, automaticallyTranslated: false } };
  }

  /**
   * Same string, same language, other components of the project that allow propagation (Weblate `propagate`).
   * Each is written only where the editor could have saved it by hand; the others are left as they were.
   */
  private async propagate(manager: EntityManager, context: UnitContext, target: string[], state: number, editor: Editor, now: Date): Promise<void> {
    for (const where of await this.units.lockPropagationTargets(manager, context, target)) {
      if (!mayPropagateTo(editor.permissions, where, state)) continue;
      const other = where.unit;
      // The copy, its translation's statistics and its change record: one statement, as the edited string's own save.
      const statistics = this.statistics.changeAfterWrite(other.translationId, other, { ...other, state }, { at: now, authorId: editor.userId });
      const record = this.changes.recordAfterWrite([{
        action: ChangeAction.PropagatedEdit,
        projectId: where.project.id,
        componentId: where.component.id,
        translationId: other.translationId,
        languageId: where.languageId,
        unitId: other.id,
        userId: editor.userId,
        authorId: editor.userId,
        target: target.join('\n'),
        old: other.target.join('\n'),
      }]);
      await writeChained(manager, this.units.propagatedWrite(other.id, { target, state, lastUpdated: now }), statistics ? [statistics, record] : [record]);
    }
  }

  private async writeSourceFields(
    manager: EntityManager,
    context: UnitContext,
    fields: { explanation?: string; extraFlags?: string; labels?: number[] },
    editor: Editor,
  ): Promise<Unit> {
    const { unit, translation } = context;
    const base = { ...changeScope(translation), unitId: unit.id, userId: editor.userId, authorId: editor.userId };
    const records: ChangeRecord[] = [];
    const written: Partial<Unit> = {};
    if (fields.explanation !== undefined && fields.explanation !== unit.explanation) {
      written.explanation = fields.explanation;
      records.push({ ...base, action: ChangeAction.Explanation, target: fields.explanation, old: unit.explanation });
    }
    if (fields.extraFlags !== undefined && fields.extraFlags !== unit.extraFlags) {
      written.extraFlags = fields.extraFlags;
      records.push({ ...base, action: ChangeAction.ExtraFlags, target: fields.extraFlags, old: unit.extraFlags });
    }
    if (Object.keys(written).length) await this.units.update(manager, unit.id, written);
    if (fields.labels !== undefined) records.push(...(await this.replaceLabels(manager, context, fields.labels, base)));
    await this.changes.recordMany(manager, records);
    return { ...unit, ...written };
  }

  private async replaceLabels(manager: EntityManager, context: UnitContext, ids: number[], base: Omit<ChangeRecord, 'action'>): Promise<ChangeRecord[]> {
    const projectId = context.translation.component.project.id;
    const labels = await this.units.labelsByIds(projectId, ids);
    const unknown = ids.filter((id) => !labels.some((label) => label.id === id));
    if (unknown.length) throw ValidationError.field('labels', `Invalid pk "${unknown[0]}" - object does not exist.`, 'does_not_exist');
    const current = new Set(context.labels.map((label) => label.id));
    const wanted = new Set(ids);
    await this.units.setLabels(manager, context.unit.id, [...wanted]);
    return [
      ...labels.filter((label) => !current.has(label.id)).map((label) => ({ ...base, action: ChangeAction.LabelAdd, target: label.name })),
      ...context.labels.filter((label) => !wanted.has(label.id)).map((label) => ({ ...base, action: ChangeAction.LabelRemove, target: label.name })),
    ];
  }
}

export function pluralCountOf(translation: TranslationContext): number {
  return pluralOf(translation).count;
}

/** How many forms a translation of this source has: the language's plural count for a plural, else one. */
export function expectedForms(source: readonly string[], translation: TranslationContext): number {
  return source.length > 1 ? pluralCountOf(translation) : 1;
}

/** Whether strings of the translation can be approved: its project reviews translations (or, for the source, source strings). */
export function reviewEnabled(translation: TranslationContext): boolean {
  const { project } = translation.component;
  return translation.translation.isSource ? project.sourceReview : project.translationReview;
}

export function permissionScope(translation: TranslationContext): PermissionScope {
  return componentScope(translation.component, translation.language.id);
}

export function changeScope(translation: TranslationContext): Omit<ChangeRecord, 'action'> {
  return {
    projectId: translation.component.project.id,
    componentId: translation.component.component.id,
    translationId: translation.translation.id,
    languageId: translation.language.id,
  };
}

/**
 * As in Weblate, a propagated edit needs `unit.edit` where it lands, and `unit.review` when it approves the string
 * there or changes an approved one (the rules a PATCH of that string would be held to).
 */
function mayPropagateTo(permissions: UserPermissions, where: PropagationTarget, state: number): boolean {
  const scope = componentScope(where, where.languageId);
  if (!allows(permissions, UNIT_RULES.propagate, scope)) return false;
  const approving = state === UnitState.Approved || where.unit.state === UnitState.Approved;
  return !approving || allows(permissions, UNIT_RULES.review, scope);
}

function sameTarget(unit: Unit, change: TargetChange): boolean {
  return unit.state === change.state && sameForms(unit.target, change.target);
}

/** Weblate's action for a saved translation: added, approved, marked for editing, or changed. */
function actionFor(before: Unit, target: string[], state: number): ChangeAction {
  if (state === UnitState.Approved) return ChangeAction.Approve;
  if (sameForms(before.target, target) && state === UnitState.Fuzzy) return ChangeAction.MarkedEdit;
  if (before.target.every((form) => form === '')) return ChangeAction.New;
  return ChangeAction.Change;
}
