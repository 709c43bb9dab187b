import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobHandlerRegistry } from '../tasks/job-handler.registry';
import { AddonExecution } from './addon-execution';
import { AddonsRepository } from './addons.repository';
import { LanguageConsistency } from './language-consistency';

/** The task `languageAdded` queues: the add-on's run for those languages, its failure recorded as the add-on's. */
@Injectable()
export class LanguageConsistencyJob implements OnModuleInit {
  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly addons: AddonsRepository,
    private readonly consistency: LanguageConsistency,
    private readonly execution: AddonExecution,
  ) {}

  onModuleInit(): void {
    this.registry.register('addon.languages', (payload) => this.run(payload));
  }

  async run({ addonId, projectId, languageIds }: { addonId: number; projectId: number; languageIds: number[] }): Promise<{ result: boolean; changed?: number; detail?: string }> {
    return this.addons.transaction(async (manager) => {
      const addon = await this.addons.findAddon(manager, addonId);
      if (!addon) return { result: false, detail: 'The add-on no longer exists.' };
      const added = await this.execution.attempt(manager, { addon, event: null, componentId: null, projectId }, () => this.consistency.ensure(addon, projectId, languageIds));
      return added === null ? { result: false, detail: `Add-on ${addon.name} failed; the change log has the error.` } : { result: true, changed: added };
    });
  }
}
