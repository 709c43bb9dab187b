import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventBus } from '../events/event-bus';
import type { ChangeEvent, EventName } from '../events/events';
import { addonDefinition } from './addon-catalogue';
import { AddonExecution } from './addon-execution';
import { AddonsRepository } from './addons.repository';

/** The events some add-on runs on (addon-catalogue.ts); `daily` is DailyAddons'. */
const EVENTS: readonly EventName[] = ['unit.post-create', 'component.update', 'repository.post-update', 'translation.post-add', 'change'];

/**
 * One consumer of the event backbone, `addons`: each event goes to the add-ons installed where it happened (its
 * component, its project, the site) that run on it, in the event's transaction, so their edits commit exactly
 * when the event counts as delivered.
 */
@Injectable()
export class AddonDispatcher implements OnModuleInit {
  constructor(
    private readonly bus: EventBus,
    private readonly addons: AddonsRepository,
    private readonly execution: AddonExecution,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.bus.subscribe({ consumer: 'addons', events: EVENTS, handle: (event, name, manager) => this.dispatch(event, name, manager) });
  }

  private async dispatch(event: ChangeEvent, name: EventName, manager: EntityManager): Promise<void> {
    for (const addon of await this.addons.applicable(manager, event.componentId, event.projectId)) {
      if (!addonDefinition(addon.name)?.events.includes(name)) continue;
      await this.execution.run(manager, { addon, event, componentId: event.componentId, projectId: event.projectId });
    }
  }
}
