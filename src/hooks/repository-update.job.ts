import { Injectable, OnModuleInit } from '@nestjs/common';
import { eachAtMost } from '../core/scheduling/each-at-most';
import { ComponentLookup } from '../components/component-lookup';
import { Component } from '../components/component.entity';
import { OperationResult, RepositoryOperationsService } from '../repository-operations/repository-operations.service';
import { JobHandlerRegistry } from '../tasks/job-handler.registry';
import { RepositoryUpdatesRepository } from './repository-updates.repository';

/** An update waits for the one before it (a pull of a large repository can take minutes). */
const LOCK_WAIT_MS = 10 * 60_000;
/**
 * Working copies updated at once after the first fetched: each waits on its disk and its transaction about as long
 * as it computes (a push hook for 100 components' files kept one core half idle when they went one by one).
 */
const PARALLEL_UPDATES = 3;

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
    this.registry.register('repository.update', ({ componentId, sameRepository = [] }) => this.run(componentId, sameRepository));
  }

  /**
   * The first working copy fetches; the others of the same repository take its objects, so a push to a repository
   * many components were cloned from is fetched once. Should the first fail, each of them fetches for itself.
   */
  async run(componentId: number, sameRepository: number[] = []): Promise<OperationResult> {
    const first = await this.update(componentId);
    const fetchedBy = first.result ? (await this.components.findById(componentId))?.component : undefined;
    const results: OperationResult[] = [];
    await eachAtMost(sameRepository, PARALLEL_UPDATES, async (id, index) => {
      results[index] = await this.update(id, fetchedBy);
    });
    return [first, ...results].find((result) => !result.result) ?? first;
  }

  private async update(componentId: number, fetchedBy?: Component): Promise<OperationResult> {
    const context = await this.components.findById(componentId);
    if (!context) {
      await this.updates.release(componentId);
      return { result: false, detail: 'The component no longer exists.' };
    }
    try {
      // Released once the working copy is ours, just before fetching: a notification from then on may concern
      // commits this pull does not see, so it queues the next update (which waits for this one).
      return await this.operations.operate(context, 'pull', { whenLocked: () => this.updates.release(componentId), waitMs: LOCK_WAIT_MS, fetchedBy });
    } catch (error) {
      await this.updates.release(componentId);
      throw error;
    }
  }
}
