import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NotFoundError, ServiceUnavailableError } from '../core/errors/domain-error';
import { REDIS_UNAVAILABLE } from '../redis/redis-error';
import { JobName, JobPayloads } from './jobs';
import { Task } from './task.entity';
import { TaskRecovery } from './task-recovery';
import { TaskRunner } from './task-runner';
import { TasksRepository } from './tasks.repository';

/** How long a request waits for the queue to take a job: well under a client's patience, above Redis's usual hiccups. */
const ENQUEUE_TIMEOUT_MS = 10_000;

@Injectable()
export class TasksService {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly runner: TaskRunner,
    private readonly recovery: TaskRecovery,
  ) {}

  /** Jobs on the task queue, waiting or running. */
  backlog(): Promise<number> {
    return this.runner.backlog();
  }

  /**
   * Records the task (so its URL answers at once) and queues the job. A job the queue did not take within
   * ENQUEUE_TIMEOUT_MS (Redis down: Bull's client waits for it to come back) is not waited for: its task is marked
   * failed with the reason and its clean-up runs (a component being set up goes), and the caller is told to try
   * again, so no task is left waiting for a job that never came.
   */
  async start<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<Task> {
    const task = await this.tasks.create(randomUUID(), name, payload, this.runner.ownerId);
    try {
      await withTimeout(this.runner.enqueue({ taskId: task.id, name, payload }), ENQUEUE_TIMEOUT_MS);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await this.recovery.abandon(task.id, `The task could not be queued (${reason}); start it again.`);
      throw new ServiceUnavailableError(REDIS_UNAVAILABLE, 5);
    }
    return task;
  }

  async get(id: string): Promise<Task> {
    const task = await this.tasks.findById(id);
    if (!task) throw new NotFoundError('Task not found.');
    return task;
  }

  /** The task once it completed, or as it stands after `timeoutMs` (its state is shared: any process may run it). */
  async settled(id: string, timeoutMs: number): Promise<Task> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const task = await this.get(id);
      if (task.completed || Date.now() >= deadline) return task;
      await new Promise((resolve) => setTimeout(resolve, Math.min(100, Math.max(0, deadline - Date.now()))));
    }
  }

  drain(): Promise<void> {
    return this.runner.drain();
  }
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer from the queue within ${ms} ms`)), ms)));
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
