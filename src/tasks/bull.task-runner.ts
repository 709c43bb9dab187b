import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { JobEnvelope, TASK_QUEUE } from './jobs';
import { TaskExecutor } from './task-executor';
import { TaskRunner } from './task-runner';

/** Puts jobs on the shared Bull queue; any worker process (or this one) picks them up. */
@Injectable()
export class BullTaskRunner extends TaskRunner implements OnModuleInit, OnApplicationBootstrap {
  constructor(@InjectQueue(TASK_QUEUE) private readonly queue: Queue<JobEnvelope>) {
    super();
  }

  /** Waits for the queue's connections, for the same reason RedisModule connects eagerly. */
  async onModuleInit(): Promise<void> {
    await this.queue.isReady();
  }

  /**
   * Waits for the setup Bull starts when the processor registers (delayed-job listener and timer): Bull's
   * close() does not wait for it, so a stop right after start rejected its commands on closed connections
   * ("Connection is closed", unhandled). `_initializingProcess` is Bull 4's own promise for that setup.
   */
  async onApplicationBootstrap(): Promise<void> {
    await (this.queue as unknown as { _initializingProcess?: Promise<unknown> })._initializingProcess;
  }

  async enqueue(job: JobEnvelope): Promise<void> {
    await this.queue.add(job.name, job, { jobId: job.taskId, removeOnComplete: true, removeOnFail: 1000 });
  }

  async backlog(): Promise<number> {
    const counts = await this.queue.getJobCounts();
    return counts.waiting + counts.active + counts.delayed;
  }

  async drain(): Promise<void> {
    for (;;) {
      if ((await this.backlog()) === 0) return;
      await new Promise((done) => setTimeout(done, 25));
    }
  }
}

/** The worker side of the queue: unpacks each job and hands it to the executor. */
@Processor(TASK_QUEUE)
export class TaskQueueProcessor {
  constructor(private readonly executor: TaskExecutor) {}

  @Process({ name: '*', concurrency: 2 })
  async run(job: Job<JobEnvelope>): Promise<void> {
    await this.executor.execute(job.data);
  }
}
