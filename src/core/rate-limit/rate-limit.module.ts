import { ExecutionContext, Module } from '@nestjs/common';
import { ThrottlerModule, ThrottlerStorageService } from '@nestjs/throttler';
import type { Request } from 'express';
import type Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { REDIS } from '../../redis/redis.module';
import { requestContext } from '../http/request-context';
import { Rate } from './rate';
import { RedisThrottlerStorage } from './redis-throttler.storage';

/** Counters live in Redis when the server is configured with it, in memory otherwise. */
@Module({
  imports: [
    ThrottlerModule.forRootAsync({
      inject: [AppConfig, REDIS],
      useFactory: (config: AppConfig, redis: Redis | null) => {
        const rateFor = (context: ExecutionContext): Rate =>
          requestContext(context.switchToHttp().getRequest<Request>()).user.isAnonymous ? config.anonymousRate : config.userRate;
        return {
          throttlers: [{ name: 'default', limit: (context) => rateFor(context).limit, ttl: (context) => rateFor(context).windowMs }],
          storage: redis ? new RedisThrottlerStorage(redis) : new ThrottlerStorageService(),
        };
      },
    }),
  ],
  exports: [ThrottlerModule],
})
export class RateLimitModule {}
