import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { AddonRun, AddonRunners } from './addon-runners';
import { withSavepoint } from '../database/savepoint';

/**
 * Runs add-ons so that a failing one is never dropped silently: its writes are undone (a savepoint) and the failure
 * is recorded in the change log instead, as the alert Weblate raises for a failing add-on (AddonScriptError).
 */
@Injectable()
export class AddonExecution {
  private readonly logger = new Logger('addons');

  constructor(
    private readonly runners: AddonRunners,
    private readonly changes: ChangesService,
  ) {}

  /** In the caller's transaction; returns how many objects the run changed, or null when it failed. */
  run(manager: EntityManager, run: AddonRun): Promise<number | null> {
    return this.attempt(manager, run, () => withSavepoint(manager, 'addon_run', () => this.runners.run(manager, run)));
  }

  /** Runs `work` for the add-on; a failure is logged and recorded as its alert change, and the answer is null. */
  async attempt<T>(manager: EntityManager, run: AddonRun, work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ addon: run.addon.name, addonId: run.addon.id, err: error }, 'add-on failed');
      await this.changes.record(manager, {
        action: ChangeAction.Alert,
        componentId: run.componentId,
        projectId: run.projectId,
        target: `Add-on ${run.addon.name} failed: ${message}`.slice(0, 2000),
        details: { alert: 'AddonScriptError', addon: run.addon.name, addon_id: run.addon.id, error: message.slice(0, 2000), event_change_id: run.event?.changeId ?? null },
      });
      return null;
    }
  }
}
