import { Injectable, Logger } from '@nestjs/common';
import { withoutStatementTimeout } from '../database/statement-timeout';
import { JobHandlerRegistry } from './job-handler.registry';
import { JobEnvelope } from './jobs';
import { TasksRepository } from './tasks.repository';

/** Runs one job and records its outcome on the task row; both runners call it, so they behave the same. */
@Injectable()
export class TaskExecutor {
  private readonly logger = new Logger('tasks');

  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly tasks: TasksRepository,
  ) {}

  /** `handedBack`: the job was given back to the queue (a stopping worker) and runs elsewhere, which records it. */
  async execute(job: JobEnvelope, handedBack: () => boolean = () => false): Promise<void> {
    const handler = this.registry.get(job.name);
    if (!handler) {
      await this.tasks.finish(job.taskId, { error: `Unknown task ${job.name}.` }, `No handler for ${job.name}.`);
      return;
    }
    try {
      // DB_STATEMENT_TIMEOUT_MS is for requests; a task may be one in the API's process, but answers to nobody waiting.
      const result = await withoutStatementTimeout(() => handler(job.payload, {
        report: (percent, logLine) => this.tasks.recordProgress(job.taskId, Math.max(0, Math.min(99, Math.round(percent))), logLine),
      }));
      if (!handedBack()) await this.tasks.finish(job.taskId, result ?? null);
    } catch (error) {
      if (handedBack()) return;
      const message = error instanceof Error ? error.message : String(error);
      this.logger.warn({ taskId: job.taskId, job: job.name, err: error }, 'task failed');
      await this.tasks.finish(job.taskId, { error: message }, `Failed: ${message}`);
    }
  }
}
