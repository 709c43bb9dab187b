import { BeforeApplicationShutdown, Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../redis/redis.module';
import { incrementsOf, RequestSample, RequestTotals, totalsOf } from './request-counters';

/** Where the counters live: one Redis hash all replicas add to, so any of them answers for the whole service. */
const COUNTERS_KEY = 'metrics:requests';
/** How long a replica sums its requests before adding them to the shared hash (one round trip, not one per request). */
const FLUSH_INTERVAL_MS = 1000;

/**
 * Request counts and latencies per route group since the service started (with REDIS_URL: since the Redis data
 * was last cleared), for `GET /api/metrics/?format=openmetrics`. Recording never delays or fails a request: it adds
 * to this process's counters, which are added to Redis every second (and before reading, and at shutdown), so the
 * totals include this replica's requests up to now and the other replicas' up to a second ago.
 */
@Injectable()
export class RequestMetrics implements BeforeApplicationShutdown {
  private readonly logger = new Logger('metrics');
  /** Without Redis, the totals; with it, what was counted since the last flush. */
  private local = new Map<string, number>();
  private flushTimer?: NodeJS.Timeout;

  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  record(sample: RequestSample): void {
    for (const [field, increment] of incrementsOf(sample)) this.local.set(field, (this.local.get(field) ?? 0) + increment);
    if (this.redis && !this.flushTimer) {
      this.flushTimer = setTimeout(() => void this.flush(), FLUSH_INTERVAL_MS);
      // Counting must not keep a process alive that is otherwise done.
      this.flushTimer.unref();
    }
  }

  async totals(): Promise<RequestTotals> {
    if (!this.redis) return totalsOf(this.local);
    await this.flush();
    const stored = await this.redis.hgetall(COUNTERS_KEY);
    return totalsOf(new Map(Object.entries(stored).map(([field, value]) => [field, Number(value)])));
  }

  // Before the Redis connection closes (its module quits it on application shutdown).
  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }

  private async flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    if (!this.redis || this.local.size === 0) return;
    const pending = this.local;
    this.local = new Map();
    const pipeline = this.redis.pipeline();
    for (const [field, increment] of pending) {
      if (Number.isInteger(increment)) pipeline.hincrby(COUNTERS_KEY, field, increment);
      else pipeline.hincrbyfloat(COUNTERS_KEY, field, increment);
    }
    await pipeline.exec().catch((error: unknown) => this.logger.warn({ err: error }, 'request metrics not recorded'));
  }
}
