import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';
import type Redis from 'ioredis';

/*
 * One round trip, atomic across replicas: count the hit in a fixed window; once over the limit, block the
 * key for `blockDuration`. Returns hits, ms to window end, blocked flag, ms to block end.
 */
const INCREMENT = `
local hits = redis.call('INCR', KEYS[1])
if hits == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
local blockTtl = redis.call('PTTL', KEYS[2])
if blockTtl <= 0 and hits > tonumber(ARGV[2]) then
  redis.call('SET', KEYS[2], '1', 'PX', ARGV[3])
  blockTtl = tonumber(ARGV[3])
end
return {hits, ttl, blockTtl}
`;

const COMMAND = 'rateLimitIncrement';

/** Rate-limit counters in Redis, so every API replica draws from the same budget. */
export class RedisThrottlerStorage implements ThrottlerStorage {
  constructor(private readonly redis: Redis) {
    // Sent by its SHA (EVALSHA, the script loaded once per connection) rather than as text with every request.
    if (!(COMMAND in redis)) redis.defineCommand(COMMAND, { numberOfKeys: 2, lua: INCREMENT });
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const run = (this.redis as unknown as Record<typeof COMMAND, (...args: (string | number)[]) => Promise<number[]>>)[COMMAND];
    const [hits, ttlMs, blockMs] = await run.call(this.redis, `rate:${key}`, `rate:${key}:blocked`, ttl, limit, blockDuration);
    const isBlocked = blockMs > 0;
    return {
      totalHits: hits,
      timeToExpire: Math.max(0, Math.ceil(ttlMs / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil(blockMs / 1000) : 0,
    };
  }
}
