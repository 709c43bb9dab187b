import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { hostname } from 'node:os';
import { isProcessAlive } from '../core/process-alive';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobName } from './jobs';
import { TaskRunner } from './task-runner';
import { AbandonedTask, TasksRepository } from './tasks.repository';

/** How often a process running in-process tasks says it is alive, and looks for tasks of processes that are not. */
const HEARTBEAT_MS = 10_000;
/** A runner silent this long is dead (another machine's, whose pid cannot be checked from here). */
const STALE_MS = 60_000;

/** A shared queue's task this long without news whose job is not in the queue lost it (a running job reports or finishes). */
const LOST_AFTER_MS = 30_000;

const ABANDONED_TASK_MESSAGE = 'The process running this task stopped before it finished (crash or kill); start it again.';

/**
 * In-process tasks die with their process: a `kill -9`, a crash or a lost machine would leave them "running"
 * forever. Each process running them is listed in `task_runners` with a heartbeat; at start and with each heartbeat,
 * a process marks failed the unfinished tasks of runners that are dead — silent too long, or on this host with a pid
 * that is gone (or is this process: a restarted container has the pid its predecessor had) — and runs their jobs'
 * clean-up. Bull gives a dead worker's jobs to another (bull.task-runner.ts); but the task row is the record and
 * the queue only its delivery: a Redis that restarted without its data (or an add that never reached it) loses the
 * job, and a job whose end could not be recorded (the database down just then) failed in Bull only. So with a
 * shared queue each process looks, on the same beat, for quiet unfinished tasks: one whose job is gone is queued
 * again from its stored payload (under the same job id, so processes sweeping at once add it once), one whose job
 * failed is marked failed with Bull's reason.
 */
@Injectable()
export class TaskRecovery implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('tasks');
  private timer: NodeJS.Timeout | undefined;
  private readonly host = hostname();

  constructor(
    private readonly runner: TaskRunner,
    private readonly tasks: TasksRepository,
    private readonly registry: JobHandlerRegistry,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const self = this.runner.ownerId;
    if (!self) {
      this.timer = setInterval(() => {
        void this.recoverLostJobs().catch((error: unknown) => this.logger.warn({ err: error }, 'looking for lost task jobs failed'));
      }, HEARTBEAT_MS);
      this.timer.unref();
      return;
    }
    await this.tasks.heartbeat({ id: self, host: this.host, pid: process.pid });
    await this.recover(self);
    this.timer = setInterval(() => {
      void this.tasks.heartbeat({ id: self, host: this.host, pid: process.pid })
        .then(() => this.recover(self))
        .catch((error: unknown) => this.logger.warn({ err: error }, 'task runner heartbeat failed'));
    }, HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Before the connections close (their onApplicationShutdown): the runner's row is removed through them. */
  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    const self = this.runner.ownerId;
    if (!self) return;
    // This process's tasks finish first (the runner drains on shutdown), so none is left to be found failed.
    await this.runner.drain();
    await this.tasks.removeRunner(self).catch((error: unknown) => this.logger.warn({ err: error }, 'could not remove the task runner row'));
  }

  private async recover(self: string): Promise<void> {
    const dead = (await this.tasks.otherRunners(self, STALE_MS))
      .filter((runner) => runner.stale || (runner.host === this.host && (runner.pid === process.pid || !isProcessAlive(runner.pid))))
      .map((runner) => runner.id);
    for (const task of await this.tasks.failTasksOfDeadRunners(self, dead, ABANDONED_TASK_MESSAGE)) await this.cleanUp(task);
  }

  private async recoverLostJobs(): Promise<void> {
    for (const task of await this.tasks.quietQueuedTasks(LOST_AFTER_MS)) {
      const job = await this.runner.jobOf(task.id);
      if (job === 'lost') {
        this.logger.warn({ taskId: task.id, job: task.name }, 'the queue lost this task\'s job: queued again');
        await this.runner.enqueue({ taskId: task.id, name: task.name as JobName, payload: task.payload as never });
      } else if (job !== 'queued') {
        await this.abandon(task.id, job.failed);
      }
    }
  }

  /** Marks a task failed if it is still running, and runs its job's clean-up (Bull's stalled jobs come here too). */
  async abandon(taskId: string, message: string): Promise<void> {
    const task = await this.tasks.failIfRunning(taskId, message);
    if (task) await this.cleanUp(task);
  }

  private async cleanUp(task: AbandonedTask): Promise<void> {
    this.logger.warn({ taskId: task.id, job: task.name }, 'task abandoned by a process that stopped: marked failed');
    try {
      await this.registry.cleanUpOf(task.name)?.(task.payload as never);
    } catch (error) {
      this.logger.error({ taskId: task.id, job: task.name, err: error }, 'clean-up of an abandoned task failed');
    }
  }
}
