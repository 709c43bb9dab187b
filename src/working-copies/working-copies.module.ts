import { Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../redis/redis.module';
import { InProcessWorkingCopyLocks, RedisWorkingCopyLocks, WorkingCopyLocks } from './working-copy-locks';
import { WorkingCopies } from './working-copies';
import { WorkingCopyPipeline } from './working-copy-pipeline';

/**
 * Working copies on disk and their locks, for every module that reads or writes component files; the locks live in
 * Redis when the installation has several processes. Every commit, push and update goes through WorkingCopyPipeline. Imported where needed; the `/repository/` API is
 * RepositoryOperationsModule.
 */
@Module({
  providers: [
    WorkingCopies,
    WorkingCopyPipeline,
    {
      provide: WorkingCopyLocks,
      inject: [REDIS],
      useFactory: (redis: Redis | null) => (redis ? new RedisWorkingCopyLocks(redis) : new InProcessWorkingCopyLocks()),
    },
  ],
  exports: [WorkingCopies, WorkingCopyLocks, WorkingCopyPipeline],
})
export class WorkingCopiesModule {}
