import { InjectQueue, OnQueueFailed, Process, Processor } from '@nestjs/bull';
import { Injectable, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { JobEnvelope, TASK_QUEUE } from './jobs';
import { TaskExecutor } from './task-executor';
import { TaskRecovery } from './task-recovery';
import { TaskRunner } from './task-runner';
import { TasksRepository } from './tasks.repository';

/** Puts jobs on the shared Bull queue; any worker process (or this one) picks them up. */
@Injectable()
export class BullTaskRunner extends TaskRunner implements OnModuleInit, OnApplicationBootstrap {
  readonly ownerId = null;

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

  async jobOf(taskId: string): Promise<'queued' | 'lost' | { failed: string }> {
    const job = await this.queue.getJob(taskId);
    if (!job) return 'lost';
    return (await job.isFailed()) ? { failed: job.failedReason ?? 'The task failed.' } : 'queued';
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
  private readonly running = new Map<Job<JobEnvelope>, Promise<void>>();
  private readonly handedBack = new Set<Job<JobEnvelope>>();

  constructor(
    private readonly executor: TaskExecutor,
    private readonly tasks: TasksRepository,
    private readonly recovery: TaskRecovery,
    @InjectQueue(TASK_QUEUE) private readonly queue: Queue<JobEnvelope>,
  ) {}

  @Process({ name: '*', concurrency: 2 })
  async run(job: Job<JobEnvelope>): Promise<void> {
    const work = this.executor.execute(job.data, () => this.handedBack.has(job));
    this.running.set(job, work);
    try {
      await work;
    } finally {
      this.running.delete(job);
    }
  }

  /**
   * The worker's part of a graceful stop: takes no new job, lets the running ones finish for up to `timeoutMs`,
   * then hands back those still running: their Bull lock released, so the next worker's stalled-job check queues
   * them again (they run again from the start), and this process no longer records their outcome. A repository lock
   * such a job holds stays until its lease ends, so nothing touches a working copy it left mid-operation before then.
   * Resolves with the number of jobs handed back.
   */
  async stop(timeoutMs: number): Promise<number> {
    await this.queue.pause(true, true);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.allSettled(this.running.values()).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]);
    clearTimeout(timer);
    if (finished) return 0;
    const left = [...this.running.keys()];
    for (const job of left) {
      this.handedBack.add(job);
      await this.tasks.recordProgress(job.data.taskId, 0, 'The worker stopped before this task finished; another worker runs it again.');
      await job.releaseLock();
    }
    // Closed without waiting for them: the app's close would otherwise wait for jobs this process gave up.
    await this.queue.close(true);
    return left.length;
  }

  /**
   * The executor records every handler's failure itself; a job fails here only when Bull gave up on it — its
   * worker died and it stalled more often than Bull retries — or when recording failed: the task row says so.
   */
  @OnQueueFailed()
  async failed(job: Job<JobEnvelope>, error: Error): Promise<void> {
    await this.recovery.abandon(job.data.taskId, error.message).catch(() => undefined);
  }
}
