import { BullModule } from '@nestjs/bull';
import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { BullTaskRunner, TaskQueueProcessor } from './bull.task-runner';
import { InProcessTaskRunner } from './in-process.task-runner';
import { JobHandlerRegistry } from './job-handler.registry';
import { TASK_QUEUE } from './jobs';
import { TaskExecutor } from './task-executor';
import { TaskRecovery } from './task-recovery';
import { TaskRunner } from './task-runner';
import { TasksController } from './tasks.controller';
import { TasksRepository } from './tasks.repository';
import { TasksService } from './tasks.service';

/**
 * Background tasks. With REDIS_URL the jobs go through Bull and every process started with `workers` (an API
 * replica with RUN_WORKERS, or `npm run worker`) takes them; without it they run in this process.
 */
@Global()
@Module({})
export class TasksModule {
  static forRoot(config: AppConfig, options: { http: boolean; workers: boolean }): DynamicModule {
    const common: Provider[] = [JobHandlerRegistry, TasksRepository, TaskExecutor, TasksService, TaskRecovery];
    const controllers = options.http ? [TasksController] : [];
    const exports = [JobHandlerRegistry, TasksService];
    if (!config.redisUrl) {
      return {
        module: TasksModule,
        controllers,
        providers: [...common, { provide: TaskRunner, useClass: InProcessTaskRunner }],
        exports,
      };
    }
    return {
      module: TasksModule,
      imports: [
        BullModule.forRoot({ redis: config.redisUrl, prefix: `${config.redisPrefix}:bull` }),
        BullModule.registerQueue({ name: TASK_QUEUE }),
      ],
      controllers,
      providers: [...common, { provide: TaskRunner, useClass: BullTaskRunner }, ...(options.workers ? [TaskQueueProcessor] : [])],
      exports,
    };
  }
}
