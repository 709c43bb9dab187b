import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';

/** The shared Redis connection, or null when the server runs without REDIS_URL (single process). */
export const REDIS = Symbol('redis');

class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [AppConfig],
      // Connected before the app starts, so a stop right after start never closes a half-open connection
      // (ioredis then rejects its pending handshake with "Connection is closed").
      useFactory: async (config: AppConfig) => {
        if (!config.redisUrl) return null;
        const redis = new Redis(config.redisUrl, { keyPrefix: `${config.redisPrefix}:`, maxRetriesPerRequest: 2, lazyConnect: true });
        await redis.connect();
        return redis;
      },
    },
    RedisShutdown,
  ],
  exports: [REDIS],
})
export class RedisModule {}
