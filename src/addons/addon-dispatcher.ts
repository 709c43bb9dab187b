import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventBus } from '../events/event-bus';
import type { ChangeEvent, EventName } from '../events/events';
import { addonDefinition } from './addon-catalogue';
import { AddonExecution } from './addon-execution';
import { AddonsRepository, appliesTo } from './addons.repository';
import type { Addon } from './addon.entity';

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
    await this.bus.subscribe({
      consumer: 'addons',
      events: EVENTS,
      handle: (event, name, manager) => this.dispatch(event, name, manager),
      relevant: (events, manager) => this.relevant(events, manager),
    });
  }

  private async dispatch(event: ChangeEvent, name: EventName, manager: EntityManager): Promise<void> {
    for (const addon of await this.addons.applicable(manager, event.componentId, event.projectId)) {
      if (!runsOn(addon, name)) continue;
      await this.execution.run(manager, { addon, event, componentId: event.componentId, projectId: event.projectId });
    }
  }

  /** The events some add-on installed where they happened runs on, from one read of the add-ons of the whole batch. */
  private async relevant(events: readonly ChangeEvent[], manager: EntityManager): Promise<(event: ChangeEvent, name: EventName) => boolean> {
    const installed = await this.addons.applicableToAny(manager, events.map((event) => event.componentId), events.map((event) => event.projectId));
    return (event, name) => installed.some((addon) => appliesTo(addon, event.componentId, event.projectId) && runsOn(addon, name));
  }
}

function runsOn(addon: Addon, name: EventName): boolean {
  return addonDefinition(addon.name)?.events.includes(name) ?? false;
}
