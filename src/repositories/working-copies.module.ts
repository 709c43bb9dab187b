import { Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../redis/redis.module';
import { InProcessRepositoryLocks, RedisRepositoryLocks, RepositoryLocks } from './repository-lock';
import { WorkingCopies } from './working-copies';

/**
 * Working copies on disk and their locks, for every module that reads or writes component files; the locks live in
 * Redis when the installation has several processes. Imported where needed; the `/repository/` API is
 * RepositoriesModule.
 */
@Module({
  providers: [
    WorkingCopies,
    {
      provide: RepositoryLocks,
      inject: [REDIS],
      useFactory: (redis: Redis | null) => (redis ? new RedisRepositoryLocks(redis) : new InProcessRepositoryLocks()),
    },
  ],
  exports: [WorkingCopies, RepositoryLocks],
})
export class WorkingCopiesModule {}
