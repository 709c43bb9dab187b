import { Injectable } from '@nestjs/common';
import { JobHandler, JobName } from './jobs';

/** Maps each job name to the service method that does the work; filled by the owning modules at start. */
@Injectable()
export class JobHandlerRegistry {
  private readonly handlers = new Map<string, JobHandler<JobName>>();

  register<N extends JobName>(name: N, handler: JobHandler<N>): void {
    if (this.handlers.has(name)) throw new Error(`a handler for job ${name} is already registered`);
    this.handlers.set(name, handler as unknown as JobHandler<JobName>);
  }

  get(name: string): JobHandler<JobName> | undefined {
    return this.handlers.get(name);
  }
}
