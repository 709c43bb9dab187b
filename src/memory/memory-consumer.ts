import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventBus } from '../events/event-bus';
import { MemoryRepository } from './memory.repository';

/**
 * Fills the memory from saved strings (Weblate's update_memory on unit post-save): each save of a string by a
 * translator, an upload, automatic translation or propagation stores its pair once translated or approved, in the
 * transaction that acknowledges the change, so a redelivered change adds nothing (the pair is deduplicated).
 */
@Injectable()
export class MemoryConsumer implements OnApplicationBootstrap {
  constructor(
    private readonly bus: EventBus,
    private readonly memory: MemoryRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.bus.subscribe({
      consumer: 'memory',
      events: ['unit.post-save'],
      handle: async (event, _name, manager) => {
        if (event.unitId !== null) await this.memory.recordUnit(manager, event.unitId, event.authorId ?? event.userId);
      },
    });
  }
}
