import { Injectable, OnModuleInit } from '@nestjs/common';
import { ComponentLookup } from '../components/component-lookup';
import { RepositoryOperationsService } from '../repository-operations/repository-operations.service';
import { JobHandlerRegistry } from '../tasks/job-handler.registry';
import { RepositoryUpdatesRepository } from './repository-updates.repository';

/** An update waits for the one before it (a pull of a large repository can take minutes). */
const LOCK_WAIT_MS = 10 * 60_000;

/**
 * The background half of a notification hook: pull the working copy and re-read its files (the repository
 * operations' own `pull`, under the working copy's lock), for the owner and every component sharing it.
 */
@Injectable()
export class RepositoryUpdateJob implements OnModuleInit {
  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly updates: RepositoryUpdatesRepository,
    private readonly components: ComponentLookup,
    private readonly operations: RepositoryOperationsService,
  ) {}

  onModuleInit(): void {
    this.registry.register('repository.update', ({ componentId }) => this.run(componentId));
  }

  async run(componentId: number): Promise<unknown> {
    const context = await this.components.findById(componentId);
    if (!context) return { result: false, detail: 'The component no longer exists.' };
    try {
      // Released once the working copy is ours, just before fetching: a notification from then on may concern
      // commits this pull does not see, so it queues the next update (which waits for this one).
      return await this.operations.operate(context, 'pull', { whenLocked: () => this.updates.release(componentId), waitMs: LOCK_WAIT_MS });
    } catch (error) {
      await this.updates.release(componentId);
      throw error;
    }
  }
}
