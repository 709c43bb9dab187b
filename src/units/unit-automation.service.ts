import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { TranslationStatistics } from './translation-statistics.repository';
import {
  AutomatedEdit, deleteCommentsOlderThan, deleteSuggestionsOlderThan, fillReadOnlyFromSource, FlagRule, generatePseudolocale, markForEditing, prefillFromSource,
  Pseudolocale, RemovedNote,
} from './unit-automation.repository';
import { BulkEdit, bulkEdit, SourceEdit } from './unit-bulk-edit.repository';

export type { FlagRule, Pseudolocale } from './unit-automation.repository';
export type { BulkEdit } from './unit-bulk-edit.repository';

/** Who made an automated edit: an add-on, named in each change it records (`details.addon`, `details.addon_id`). */
export interface Automation {
  addon: string;
  addonId: number;
}

/**
 * The strings' side of the add-ons: each edit in the caller's transaction, recounted into the statistics and
 * recorded in the change log, one change per string, as Weblate records its add-ons' edits.
 */
@Injectable()
export class UnitAutomation {
  constructor(
    private readonly statistics: TranslationStatistics,
    private readonly changes: ChangesService,
  ) {}

  /** Returns how many strings changed. */
  async markForEditing(manager: EntityManager, unitId: number, rule: FlagRule, by: Automation): Promise<number> {
    return this.recordEdits(manager, await markForEditing(manager, unitId, rule), ChangeAction.MarkedEdit, by);
  }

  async prefill(manager: EntityManager, componentId: number, by: Automation): Promise<number> {
    return this.recordEdits(manager, await prefillFromSource(manager, componentId), ChangeAction.Auto, by);
  }

  async fillReadOnly(manager: EntityManager, componentId: number, by: Automation): Promise<number> {
    return this.recordEdits(manager, await fillReadOnlyFromSource(manager, componentId), ChangeAction.Auto, by);
  }

  async generatePseudolocale(manager: EntityManager, componentId: number, pseudolocale: Pseudolocale, by: Automation): Promise<number> {
    return this.recordEdits(manager, await generatePseudolocale(manager, componentId, pseudolocale), ChangeAction.Auto, by);
  }

  /**
   * The component's strings the search finds get the state (a BulkEdit change each), and their source strings the
   * flags and labels (ExtraFlags, LabelAdd, LabelRemove changes, as editing them through the unit API records).
   */
  async bulkEdit(manager: EntityManager, componentId: number, edit: BulkEdit, by: Automation): Promise<number> {
    const { states, flags, labelsAdded, labelsRemoved } = await bulkEdit(manager, componentId, edit);
    const sourceChanges = (edits: SourceEdit[], action: ChangeAction) =>
      edits.map((sourceEdit) => ({ action, translationId: sourceEdit.translationId, unitId: sourceEdit.unitId, target: sourceEdit.target, old: sourceEdit.old, details: automationDetails(by) }));
    await this.changes.recordMany(manager, [
      ...sourceChanges(flags, ChangeAction.ExtraFlags), ...sourceChanges(labelsAdded, ChangeAction.LabelAdd), ...sourceChanges(labelsRemoved, ChangeAction.LabelRemove),
    ]);
    return (await this.recordEdits(manager, states, ChangeAction.BulkEdit, by)) + flags.length + labelsAdded.length + labelsRemoved.length;
  }

  async removeOldComments(manager: EntityManager, projectId: number, days: number, by: Automation): Promise<number> {
    return this.recordRemovals(manager, await deleteCommentsOlderThan(manager, projectId, days), ChangeAction.CommentDelete, by);
  }

  async removeOldSuggestions(manager: EntityManager, projectId: number, days: number, by: Automation): Promise<number> {
    return this.recordRemovals(manager, await deleteSuggestionsOlderThan(manager, projectId, days), ChangeAction.SuggestionCleanup, by);
  }

  private async recordEdits(manager: EntityManager, edits: AutomatedEdit[], action: ChangeAction, by: Automation): Promise<number> {
    await this.statistics.recount(manager, [...new Set(edits.map((edit) => edit.translationId))]);
    await this.changes.recordMany(
      manager,
      edits.map((edit) => ({ action, translationId: edit.translationId, unitId: edit.unitId, target: edit.target.join('\n'), old: edit.old.join('\n'), details: automationDetails(by) })),
    );
    return edits.length;
  }

  private async recordRemovals(manager: EntityManager, removed: RemovedNote[], action: ChangeAction, by: Automation): Promise<number> {
    await this.statistics.recount(manager, [...new Set(removed.map((note) => note.translationId))]);
    await this.changes.recordMany(manager, removed.map((note) => ({ action, translationId: note.translationId, unitId: note.unitId, target: note.text, details: automationDetails(by) })));
    return removed.length;
  }
}

/** How a change names the add-on that made it. */
export function automationDetails(by: Automation): Record<string, unknown> {
  return { addon: by.addon, addon_id: by.addonId };
}
