import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { NotFoundError } from '../core/errors/domain-error';
import { JobName, JobPayloads } from './jobs';
import { Task } from './task.entity';
import { TaskRunner } from './task-runner';
import { TasksRepository } from './tasks.repository';

@Injectable()
export class TasksService {
  constructor(
    private readonly tasks: TasksRepository,
    private readonly runner: TaskRunner,
  ) {}

  /** Jobs on the task queue, waiting or running. */
  backlog(): Promise<number> {
    return this.runner.backlog();
  }

  /** Records the task (so its URL answers at once) and queues the job. */
  async start<N extends JobName>(name: N, payload: JobPayloads[N]): Promise<Task> {
    const task = await this.tasks.create(randomUUID(), name);
    await this.runner.enqueue({ taskId: task.id, name, payload });
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
