import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { ServiceUnavailableError, ThrottledError } from '../errors/domain-error';

/** How many runs of one kind of work may be under way at once, and what a caller told to come back later reads. */
export interface ConcurrencyCaps {
  perCaller: number;
  total: number;
  /** How long a run waits for a free slot before it is refused. */
  waitMs: number;
  /** The 429 detail when the caller has too many runs of their own. */
  callerBusy: string;
  /** The 503 detail when the installation has too many. */
  allBusy: string;
}

/** Which cap a slot was refused by. */
type Refusal = 'caller' | 'total';

interface Slot {
  release(): Promise<void>;
}

const POLL_MS = 50;

/**
 * Caps on work running at once (unlike the rate limit, which counts requests over time): per caller (the rate
 * limit's client key) and in total, so a few callers cannot keep every database connection busy.
 */
export abstract class ConcurrencyLimits {
  /** Runs `work` holding one of the caller's slots of `kind` and one of everyone's; waits `caps.waitMs` at most. */
  async run<T>(kind: string, caller: string, caps: ConcurrencyCaps, work: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + caps.waitMs;
    let slot: Slot | Refusal;
    while (typeof (slot = await this.acquire(kind, caller, caps)) === 'string') {
      if (Date.now() >= deadline) throw slot === 'caller' ? new ThrottledError(1, caps.callerBusy) : new ServiceUnavailableError(caps.allBusy);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      return await work();
    } finally {
      await slot.release();
    }
  }

  protected abstract acquire(kind: string, caller: string, caps: ConcurrencyCaps): Promise<Slot | Refusal>;
}

/** Within one process: counters in memory. */
export class InProcessConcurrencyLimits extends ConcurrencyLimits {
  private readonly running = new Map<string, number>();

  protected async acquire(kind: string, caller: string, caps: ConcurrencyCaps): Promise<Slot | Refusal> {
    const keys = { total: `${kind}:all`, caller: `${kind}:caller:${caller}` };
    if ((this.running.get(keys.caller) ?? 0) >= caps.perCaller) return 'caller';
    if ((this.running.get(keys.total) ?? 0) >= caps.total) return 'total';
    for (const key of Object.values(keys)) this.running.set(key, (this.running.get(key) ?? 0) + 1);
    return {
      release: async () => {
        for (const key of Object.values(keys)) {
          const left = this.running.get(key)! - 1;
          if (left > 0) this.running.set(key, left);
          else this.running.delete(key);
        }
      },
    };
  }
}

/*
 * Slots are members of sorted sets (everyone's and the caller's) scored by the end of their lease, on Redis's
 * clock; expired ones are dropped before counting, so a process that dies frees its slots within a lease.
 * ARGV: slot id, lease ms, total cap, per-caller cap.
 */
const ACQUIRE = `
local time = redis.call('TIME')
local now = time[1] * 1000 + math.floor(time[2] / 1000)
for _, key in ipairs(KEYS) do redis.call('ZREMRANGEBYSCORE', key, '-inf', now) end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then return 'caller' end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 'total' end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + tonumber(ARGV[2]), ARGV[1])
  redis.call('PEXPIRE', key, ARGV[2])
end
return 'ok'
`;
const RENEW = `
local time = redis.call('TIME')
local now = time[1] * 1000 + math.floor(time[2] / 1000)
for _, key in ipairs(KEYS) do
  if redis.call('ZADD', key, 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then redis.call('PEXPIRE', key, ARGV[2]) end
end
return 0
`;
/** A slot outlives a holder that died at most this long; live holders renew it. */
const LEASE_MS = 30_000;

/** Across every process of the installation: the slots are in Redis. */
export class RedisConcurrencyLimits extends ConcurrencyLimits {
  constructor(private readonly redis: Redis) {
    super();
  }

  protected async acquire(kind: string, caller: string, caps: ConcurrencyCaps): Promise<Slot | Refusal> {
    const keys = [`slots:${kind}:all`, `slots:${kind}:caller:${caller}`];
    const id = randomUUID();
    const answer = (await this.redis.eval(ACQUIRE, keys.length, ...keys, id, LEASE_MS, caps.total, caps.perCaller)) as 'ok' | Refusal;
    if (answer !== 'ok') return answer;
    const renewal = setInterval(() => void this.redis.eval(RENEW, keys.length, ...keys, id, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
    return {
      release: async () => {
        clearInterval(renewal);
        await Promise.all(keys.map((key) => this.redis.zrem(key, id))).catch(() => undefined);
      },
    };
  }
}
