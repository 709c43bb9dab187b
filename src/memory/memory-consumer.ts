import { Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { Delivery, EventBus } from '../events/event-bus';
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
      handle: (event, name, manager) => this.memory.recordUnits(manager, savedStrings([{ event, name }])),
      // An upload saves thousands of strings: a batch's are stored in one statement.
      handleMany: (deliveries, manager) => this.memory.recordUnits(manager, savedStrings(deliveries)),
    });
  }
}

/** The strings the deliveries saved, with who to credit (the author, else who saved it). */
function savedStrings(deliveries: readonly Delivery[]): { unitId: number; userId: number | null }[] {
  return deliveries.flatMap(({ event }) => (event.unitId === null ? [] : [{ unitId: event.unitId, userId: event.authorId ?? event.userId }]));
}
