import { Injectable } from '@nestjs/common';
import { JobHandler, JobName, JobPayloads } from './jobs';

/**
 * What a job undoes when its process died before it finished (the task is then marked failed): the same as when
 * it fails, so nothing half-made stays behind. It runs in another process, later, with the job's payload.
 */
export type AbandonedJobCleanUp<N extends JobName> = (payload: JobPayloads[N]) => Promise<void>;

/** Maps each job name to the service method that does the work; filled by the owning modules at start. */
@Injectable()
export class JobHandlerRegistry {
  private readonly handlers = new Map<string, JobHandler<JobName>>();
  private readonly cleanUps = new Map<string, AbandonedJobCleanUp<JobName>>();

  register<N extends JobName>(name: N, handler: JobHandler<N>, options: { whenAbandoned?: AbandonedJobCleanUp<N> } = {}): void {
    if (this.handlers.has(name)) throw new Error(`a handler for job ${name} is already registered`);
    this.handlers.set(name, handler as unknown as JobHandler<JobName>);
    if (options.whenAbandoned) this.cleanUps.set(name, options.whenAbandoned as unknown as AbandonedJobCleanUp<JobName>);
  }

  get(name: string): JobHandler<JobName> | undefined {
    return this.handlers.get(name);
  }

  cleanUpOf(name: string): AbandonedJobCleanUp<JobName> | undefined {
    return this.cleanUps.get(name);
  }
}
