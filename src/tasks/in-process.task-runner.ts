import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import fastq, { queueAsPromised } from 'fastq';
import { randomUUID } from 'node:crypto';
import { JobEnvelope } from './jobs';
import { TaskExecutor } from './task-executor';
import { TaskRunner } from './task-runner';

const CONCURRENCY = 2;

/** Runs jobs in this process, a few at a time; used when there is no REDIS_URL. */
@Injectable()
export class InProcessTaskRunner extends TaskRunner implements OnApplicationShutdown {
  private readonly queue: queueAsPromised<JobEnvelope>;
  readonly ownerId = randomUUID();

  constructor(executor: TaskExecutor) {
    super();
    this.queue = fastq.promise((job: JobEnvelope) => executor.execute(job), CONCURRENCY);
  }

  async enqueue(job: JobEnvelope): Promise<void> {
    // Not awaited: the caller gets its task URL now and follows the job there.
    void this.queue.push(job);
  }

  /** Never asked: in-process tasks are recovered by their runner's heartbeat (task-recovery.ts). */
  async jobOf(): Promise<'queued'> {
    return 'queued';
  }

  async drain(): Promise<void> {
    if (this.queue.idle()) return;
    await this.queue.drained();
  }

  async backlog(): Promise<number> {
    return this.queue.length() + this.queue.running();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.drain();
  }
}
