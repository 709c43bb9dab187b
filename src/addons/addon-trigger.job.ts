import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobHandlerRegistry } from '../tasks/job-handler.registry';
import { AddonExecution } from './addon-execution';
import { AddonRunners } from './addon-runners';
import { AddonsRepository } from './addons.repository';

/** POST /api/addons/<id>/trigger/ in the background: the add-on's own run, over everything it is installed on. */
@Injectable()
export class AddonTriggerJob implements OnModuleInit {
  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly addons: AddonsRepository,
    private readonly runners: AddonRunners,
    private readonly execution: AddonExecution,
  ) {}

  onModuleInit(): void {
    this.registry.register('addon.trigger', ({ addonId }) => this.run(addonId));
  }

  /** The task's result: how many objects the run changed, or that it failed (the change log says why). */
  async run(addonId: number): Promise<{ result: boolean; changed?: number; detail?: string }> {
    return this.addons.transaction(async (manager) => {
      const addon = await this.addons.findAddon(manager, addonId);
      if (!addon) return { result: false, detail: 'The add-on no longer exists.' };
      let changed = 0;
      for (const run of this.runners.ownRuns(addon, await this.addons.componentsOf(manager, addon))) {
        const count = await this.execution.run(manager, run);
        if (count === null) return { result: false, detail: `Add-on ${addon.name} failed; the change log has the error.` };
        changed += count;
      }
      return { result: true, changed };
    });
  }
}
