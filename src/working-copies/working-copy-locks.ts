import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { DomainError } from '../core/errors/domain-error';

/** 423: another operation holds the repository, as Weblate answers when its lock is busy. */
export class RepositoryLockedError extends DomainError {
  readonly status = 423;
  readonly code = 'repository-locked';

  constructor() {
    super('Could not obtain the repository lock; another operation on this repository is running. Try again shortly.');
  }
}

/** Serialises operations on one working copy, across every process of the installation. */
export abstract class WorkingCopyLocks {
  /** Runs `work` holding the lock of `key`; waits up to `waitMs` for it, then throws RepositoryLockedError. */
  abstract withLock<T>(key: string, work: () => Promise<T>, waitMs?: number): Promise<T>;
}

const DEFAULT_WAIT_MS = 5_000;
/** A holder that dies keeps the lock at most this long; live holders renew it. */
const LEASE_MS = 30_000;

/** Within one process: a promise chain per key. */
export class InProcessWorkingCopyLocks extends WorkingCopyLocks {
  private readonly tails = new Map<string, Promise<void>>();

  async withLock<T>(key: string, work: () => Promise<T>, waitMs = DEFAULT_WAIT_MS): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    let timer: NodeJS.Timeout | undefined;
    const acquired = await Promise.race([
      previous.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
    ]);
    clearTimeout(timer);
    if (!acquired) {
      // Give up our place without blocking those queued behind us: they wait for `previous` instead.
      previous.then(release, release);
      if (this.tails.get(key) === tail) this.tails.set(key, previous);
      throw new RepositoryLockedError();
    }
    try {
      return await work();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

/** Across processes: a Redis key with a lease, owned by a random token so only the holder can release it. */
export class RedisWorkingCopyLocks extends WorkingCopyLocks {
  constructor(private readonly redis: Redis) {
    super();
  }

  async withLock<T>(key: string, work: () => Promise<T>, waitMs = DEFAULT_WAIT_MS): Promise<T> {
    const lockKey = `lock:repository:${key}`;
    const token = randomUUID();
    const deadline = Date.now() + waitMs;
    while ((await this.redis.set(lockKey, token, 'PX', LEASE_MS, 'NX')) !== 'OK') {
      if (Date.now() >= deadline) throw new RepositoryLockedError();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const renewal = setInterval(() => void this.redis.eval(RENEW, 1, lockKey, token, LEASE_MS).catch(() => undefined), LEASE_MS / 3);
    try {
      return await work();
    } finally {
      clearInterval(renewal);
      await this.redis.eval(RELEASE, 1, lockKey, token).catch(() => undefined);
    }
  }
}
