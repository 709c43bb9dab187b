import { Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../redis/redis.module';
import { InProcessWorkingCopyLocks, RedisWorkingCopyLocks, WorkingCopyLocks } from './working-copy-locks';
import { WorkingCopies } from './working-copies';

/**
 * Working copies on disk and their locks, for every module that reads or writes component files; the locks live in
 * Redis when the installation has several processes. Imported where needed; the `/repository/` API is
 * RepositoryOperationsModule.
 */
@Module({
  providers: [
    WorkingCopies,
    {
      provide: WorkingCopyLocks,
      inject: [REDIS],
      useFactory: (redis: Redis | null) => (redis ? new RedisWorkingCopyLocks(redis) : new InProcessWorkingCopyLocks()),
    },
  ],
  exports: [WorkingCopies, WorkingCopyLocks],
})
export class WorkingCopiesModule {}
