import { JobEnvelope } from './jobs';

/** Where jobs go: Bull on Redis when configured, an in-process queue otherwise. */
export abstract class TaskRunner {
  abstract enqueue(job: JobEnvelope): Promise<void>;

  /** Resolves once every queued job has finished (tests and graceful shutdown). */
  abstract drain(): Promise<void>;

  /** Jobs waiting, running or delayed (metrics). */
  abstract backlog(): Promise<number>;
}
