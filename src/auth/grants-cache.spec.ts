import { GrantsCache } from './grants-cache';
import type { Grant } from './user-permissions';

const grant = (groupId: number): Grant =>
  ({ groupId, permissions: new Set(), projectSelection: 0, languageSelection: 0, languageIds: new Set(), projectIds: new Set(), componentIds: new Set(), componentProjectIds: new Set() }) as Grant;

describe('GrantsCache', () => {
  it('loads a user once per access generation', async () => {
    const cache = new GrantsCache();
    const load = jest.fn(async () => [grant(1)]);
    expect(await cache.get(7, '5', load)).toEqual([grant(1)]);
    expect(await cache.get(7, '5', load)).toEqual([grant(1)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again, for every user, once a newer generation is seen', async () => {
    const cache = new GrantsCache();
    await cache.get(7, '5', async () => [grant(1)]);
    await cache.get(8, '5', async () => [grant(2)]);
    expect(await cache.get(7, '6', async () => [])).toEqual([]);
    expect(await cache.get(8, '6', async () => [grant(3)])).toEqual([grant(3)]);
  });

  it('serves a request that read an older generation fresh grants, and keeps them for nobody', async () => {
    const cache = new GrantsCache();
    await cache.get(7, '10', async () => [grant(1)]);
    expect(await cache.get(7, '9', async () => [grant(2)])).toEqual([grant(2)]);
    expect(await cache.get(7, '10', async () => [grant(3)])).toEqual([grant(1)]);
  });

  it('forgets a failed load, so the next request tries again', async () => {
    const cache = new GrantsCache();
    await expect(cache.get(7, '1', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await cache.get(7, '1', async () => [grant(1)])).toEqual([grant(1)]);
  });

  it('compares generations as numbers, not text (9 before 10)', async () => {
    const cache = new GrantsCache();
    await cache.get(7, '9', async () => [grant(1)]);
    expect(await cache.get(7, '10', async () => [grant(2)])).toEqual([grant(2)]);
  });
});
