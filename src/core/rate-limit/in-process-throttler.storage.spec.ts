import { InProcessThrottlerStorage } from './in-process-throttler.storage';

describe('InProcessThrottlerStorage', () => {
  const HOUR = 3_600_000;
  let now: number;
  let storage: InProcessThrottlerStorage;

  beforeEach(() => {
    now = Date.UTC(2026, 0, 1);
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    storage = new InProcessThrottlerStorage();
  });

  afterEach(() => jest.restoreAllMocks());

  it('counts hits in a fixed window and says when it ends', async () => {
    expect(await storage.increment('user:1', HOUR, 3, HOUR)).toEqual({ totalHits: 1, timeToExpire: 3600, isBlocked: false, timeToBlockExpire: 0 });
    now += 600_000;
    expect(await storage.increment('user:1', HOUR, 3, HOUR)).toEqual({ totalHits: 2, timeToExpire: 3000, isBlocked: false, timeToBlockExpire: 0 });
    expect(await storage.increment('user:2', HOUR, 3, HOUR)).toMatchObject({ totalHits: 1 });
  });

  it('blocks past the limit for the block duration, then starts a new window', async () => {
    for (let hit = 0; hit < 3; hit++) expect((await storage.increment('ip:a', HOUR, 3, 60_000)).isBlocked).toBe(false);
    expect(await storage.increment('ip:a', HOUR, 3, 60_000)).toEqual({ totalHits: 4, timeToExpire: 3600, isBlocked: true, timeToBlockExpire: 60 });
    now += 30_000;
    expect(await storage.increment('ip:a', HOUR, 3, 60_000)).toMatchObject({ isBlocked: true, timeToBlockExpire: 30 });
    now += HOUR;
    expect(await storage.increment('ip:a', HOUR, 3, 60_000)).toEqual({ totalHits: 1, timeToExpire: 3600, isBlocked: false, timeToBlockExpire: 0 });
  });

  it('keeps a block that outlasts the window, counting afresh meanwhile', async () => {
    await storage.increment('ip:b', 1000, 1, 10_000);
    expect(await storage.increment('ip:b', 1000, 1, 10_000)).toMatchObject({ isBlocked: true, timeToBlockExpire: 10 });
    now += 2000;
    expect(await storage.increment('ip:b', 1000, 1, 10_000)).toEqual({ totalHits: 1, timeToExpire: 1, isBlocked: true, timeToBlockExpire: 8 });
  });
});
