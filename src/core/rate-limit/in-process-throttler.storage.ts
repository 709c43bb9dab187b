import type { ThrottlerStorage } from '@nestjs/throttler';
import type { ThrottlerStorageRecord } from '@nestjs/throttler/dist/throttler-storage-record.interface';

interface Window {
  hits: number;
  endsAt: number;
  blockedUntil: number;
}

/** How often windows that ended are dropped, so a process that saw many clients does not keep them all. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Rate-limit counters of a single process: the fixed window of `RedisThrottlerStorage`, same answers, in a Map.
 * Not the throttler package's own storage, which keeps one timestamp per hit and filters them all on every
 * request: with a budget of thousands per hour each request cost time and garbage in proportion to the budget.
 */
export class InProcessThrottlerStorage implements ThrottlerStorage {
  private readonly windows = new Map<string, Window>();
  private sweeper?: NodeJS.Timeout;

  async increment(key: string, ttl: number, limit: number, blockDuration: number): Promise<ThrottlerStorageRecord> {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || (window.endsAt <= now && window.blockedUntil <= now)) {
      window = { hits: 0, endsAt: now + ttl, blockedUntil: 0 };
      this.windows.set(key, window);
      this.sweepLater();
    } else if (window.endsAt <= now) {
      window.hits = 0;
      window.endsAt = now + ttl;
    }
    window.hits += 1;
    if (window.blockedUntil <= now && window.hits > limit) window.blockedUntil = now + blockDuration;
    const isBlocked = window.blockedUntil > now;
    return {
      totalHits: window.hits,
      timeToExpire: Math.max(0, Math.ceil((window.endsAt - now) / 1000)),
      isBlocked,
      timeToBlockExpire: isBlocked ? Math.ceil((window.blockedUntil - now) / 1000) : 0,
    };
  }

  private sweepLater(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => {
      const now = Date.now();
      for (const [key, window] of this.windows) if (window.endsAt <= now && window.blockedUntil <= now) this.windows.delete(key);
      if (this.windows.size === 0) {
        clearInterval(this.sweeper);
        this.sweeper = undefined;
      }
    }, SWEEP_INTERVAL_MS);
    // Counting must not keep a process alive that is otherwise done.
    this.sweeper.unref();
  }
}
