import { JobEnvelope } from './jobs';

/** Where jobs go: Bull on Redis when configured, an in-process queue otherwise. */
export abstract class TaskRunner {
  /**
   * The `task_runners` id of this process when its jobs run here and die with it (in-process); null when a shared
   * queue holds them (Bull, which hands a dead worker's jobs to another).
   */
  abstract readonly ownerId: string | null;

  abstract enqueue(job: JobEnvelope): Promise<void>;

  /** Resolves once every queued job has finished (tests and graceful shutdown). */
  abstract drain(): Promise<void>;

  /**
   * What the queue holds for a task: its job still to run or running, the reason its job failed, or nothing (the
   * queue lost it). Only asked when `ownerId` is null (a shared queue).
   */
  abstract jobOf(taskId: string): Promise<'queued' | 'lost' | { failed: string }>;

  /** Jobs waiting, running or delayed (metrics). */
  abstract backlog(): Promise<number>;
}
