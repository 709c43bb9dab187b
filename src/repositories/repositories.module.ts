import { Global, Module } from '@nestjs/common';
import type Redis from 'ioredis';
import { ComponentsModule } from '../components/components.module';
import { TranslationsModule } from '../translations/translations.module';
import { UnitsModule } from '../units/units.module';
import { REDIS } from '../redis/redis.module';
import { RepositoryController } from './repository.controller';
import { RepositoryOperationsService } from './repository-operations.service';
import { InProcessRepositoryLocks, RedisRepositoryLocks, RepositoryLocks } from './repository-lock';
import { WorkingCopies } from './working-copies';

/** Working copies and their locks; the locks live in Redis when the installation has several processes. */
@Global()
@Module({
  imports: [ComponentsModule, TranslationsModule, UnitsModule],
  controllers: [RepositoryController],
  providers: [
    WorkingCopies,
    RepositoryOperationsService,
    {
      provide: RepositoryLocks,
      inject: [REDIS],
      useFactory: (redis: Redis | null) => (redis ? new RedisRepositoryLocks(redis) : new InProcessRepositoryLocks()),
    },
  ],
  exports: [WorkingCopies, RepositoryLocks, RepositoryOperationsService],
})
export class RepositoriesModule {}
