import { DynamicModule, Module } from '@nestjs/common';
import { AppOptions } from './app.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { RedisModule } from './redis/redis.module';
import { TasksModule } from './tasks/tasks.module';

/** A background worker: the task queue and the modules whose jobs it runs, without HTTP. */
@Module({})
export class WorkerModule {
  static forRoot({ config, database }: AppOptions): DynamicModule {
    return {
      module: WorkerModule,
      imports: [ConfigModule.forRoot(config), DatabaseModule.forRoot(database), RedisModule, TasksModule.forRoot(config, { http: false, workers: true })],
    };
  }
}
