import { ExecutionContext, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Request } from 'express';
import type Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { REDIS } from '../../redis/redis.module';
import { requestContext } from '../http/request-context';
import { InProcessThrottlerStorage } from './in-process-throttler.storage';
import { ConcurrencyLimits, InProcessConcurrencyLimits, RedisConcurrencyLimits } from './concurrency-limits';
import { Rate } from './rate';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** Counters and concurrency slots live in Redis when the server is configured with it, in memory otherwise. */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null) => {
        const rateFor = (context: ExecutionContext): Rate =>
          requestContext(context.switchToHttp().getRequest<Request>()).user.isAnonymous ? config.anonymousRate : config.userRate;
        return {
          throttlers: [{ name: 'default', limit: (context) => rateFor(context).limit, ttl: (context) => rateFor(context).windowMs }],
          storage: redis ? new RedisThrottlerStorage(redis) : new InProcessThrottlerStorage(),
        };
      },
    }),
  ],
  providers: [
    {
      provide: ConcurrencyLimits,
      inject: [REDIS],
      useFactory: (redis: Redis | null) => (redis ? new RedisConcurrencyLimits(redis) : new InProcessConcurrencyLimits()),
    },
  ],
  exports: [ThrottlerModule, ConcurrencyLimits],
})
export class RateLimitModule {}
