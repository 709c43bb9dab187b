import { Injectable, OnModuleInit } from '@nestjs/common';
import { eachAtMost } from '../concurrency/each-at-most';
import { ComponentLookup } from '../components/component-lookup';
import { Component } from '../components/component.entity';
import { workingCopyOwner } from '../components/component-context';
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
   * many components were cloned from is fetched once. They start as soon as the first has fetched, while it merges
   * and reads its files (for a hundred components sharing it, most of a hook's time). Should the first not fetch,
   * each of them fetches for itself once it is done.
   */
  async run(componentId: number, sameRepository: number[] = []): Promise<OperationResult> {
    let others: Promise<OperationResult[]> | undefined;
    const updateOthers = (fetchedBy?: Component) => {
      if (!others) {
        others = this.updateAll(sameRepository, fetchedBy);
        // Awaited below once the first is done; a failure meanwhile is not an unhandled one.
        others.catch(() => undefined);
      }
      return others;
    };
    const [first] = await Promise.allSettled([this.update(componentId, undefined, (owner) => void updateOthers(owner))]);
    // Awaited even when the first failed: the job is not over while any of its updates runs.
    const results = await updateOthers();
    if (first.status === 'rejected') throw first.reason;
    return [first.value, ...results].find((result) => !result.result) ?? first.value;
  }

  private async updateAll(componentIds: number[], fetchedBy?: Component): Promise<OperationResult[]> {
    const results: OperationResult[] = [];
    await eachAtMost(componentIds, PARALLEL_UPDATES, async (id, index) => {
      results[index] = await this.update(id, fetchedBy);
    });
    return results;
  }

  /** `whenFetched` is told the working copy's owner once upstream's objects are in it. */
  private async update(componentId: number, fetchedBy?: Component, whenFetched?: (owner: Component) => void): Promise<OperationResult> {
    const context = await this.components.findById(componentId);
    if (!context) {
      await this.updates.release(componentId);
      return { result: false, detail: 'The component no longer exists.' };
    }
    try {
      // Released once the working copy is ours, just before fetching: a notification from then on may concern
      // commits this pull does not see, so it queues the next update (which waits for this one).
      return await this.operations.operate(context, 'pull', {
        whenLocked: () => this.updates.release(componentId),
        waitMs: LOCK_WAIT_MS,
        fetchedBy,
        whenFetched: whenFetched && (() => whenFetched(workingCopyOwner(context))),
      });
    } catch (error) {
      await this.updates.release(componentId);
      throw error;
    }
  }
}
