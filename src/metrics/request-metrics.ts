import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { REDIS } from '../redis/redis.module';
import { incrementsOf, RequestSample, RequestTotals, totalsOf } from './request-counters';

/** Where the counters live: one Redis hash all replicas add to, so any of them answers for the whole service. */
const COUNTERS_KEY = 'metrics:requests';

/**
 * Request counts and latencies per route group since the service started (with REDIS_URL: since the Redis data
 * was last cleared), for `GET /api/metrics/?format=openmetrics`. Recording never delays or fails a request.
 */
@Injectable()
export class RequestMetrics {
  private readonly logger = new Logger('metrics');
  private readonly local = new Map<string, number>();

  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  record(sample: RequestSample): void {
    const increments = incrementsOf(sample);
    if (!this.redis) {
      for (const [field, increment] of increments) this.local.set(field, (this.local.get(field) ?? 0) + increment);
      return;
    }
    const pipeline = this.redis.pipeline();
    for (const [field, increment] of increments) {
      if (Number.isInteger(increment)) pipeline.hincrby(COUNTERS_KEY, field, increment);
      else pipeline.hincrbyfloat(COUNTERS_KEY, field, increment);
    }
    pipeline.exec().catch((error: unknown) => this.logger.warn({ err: error }, 'request metrics not recorded'));
  }

  async totals(): Promise<RequestTotals> {
    if (!this.redis) return totalsOf(this.local);
    const stored = await this.redis.hgetall(COUNTERS_KEY);
    return totalsOf(new Map(Object.entries(stored).map(([field, value]) => [field, Number(value)])));
  }
}
