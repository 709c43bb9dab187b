import { detachedCopy, GenerationCache } from './generation-cache';

const grant = (groupId: number) => ({ groupId });

describe('GenerationCache', () => {
  it('loads a key once per access generation', async () => {
    const cache = new GenerationCache<number, { groupId: number }[]>();
    const load = jest.fn(async () => [grant(1)]);
    expect(await cache.get(7, '5', load)).toEqual([grant(1)]);
    expect(await cache.get(7, '5', load)).toEqual([grant(1)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads again, for every key, once a newer generation is seen', async () => {
    const cache = new GenerationCache<number, { groupId: number }[]>();
    await cache.get(7, '5', async () => [grant(1)]);
    await cache.get(8, '5', async () => [grant(2)]);
    expect(await cache.get(7, '6', async () => [])).toEqual([]);
    expect(await cache.get(8, '6', async () => [grant(3)])).toEqual([grant(3)]);
  });

  it('serves a request that read an older generation a fresh value, and keeps it for nobody', async () => {
    const cache = new GenerationCache<number, { groupId: number }[]>();
    await cache.get(7, '10', async () => [grant(1)]);
    expect(await cache.get(7, '9', async () => [grant(2)])).toEqual([grant(2)]);
    expect(await cache.get(7, '10', async () => [grant(3)])).toEqual([grant(1)]);
  });

  it('forgets a failed load, so the next request tries again', async () => {
    const cache = new GenerationCache<number, { groupId: number }[]>();
    await expect(cache.get(7, '1', () => Promise.reject(new Error('connection lost')))).rejects.toThrow('connection lost');
    expect(await cache.get(7, '1', async () => [grant(1)])).toEqual([grant(1)]);
  });

  it('compares generations as numbers, not text (9 before 10)', async () => {
    const cache = new GenerationCache<number, { groupId: number }[]>();
    await cache.get(7, '9', async () => [grant(1)]);
    expect(await cache.get(7, '10', async () => [grant(2)])).toEqual([grant(2)]);
  });

  it('keeps at most maxEntries, letting the oldest go first', async () => {
    const cache = new GenerationCache<number, string>(undefined, 2);
    await cache.get(1, '1', async () => 'one');
    await cache.get(2, '1', async () => 'two');
    await cache.get(3, '1', async () => 'three');
    expect(await cache.get(1, '1', async () => 'one, loaded again')).toBe('one, loaded again');
    expect(await cache.get(3, '1', async () => 'three, loaded again')).toBe('three');
  });

  it('hands each caller its own copy when given one, so an edit to one is not seen by the next', async () => {
    const cache = new GenerationCache<number, { name: string }>(detachedCopy);
    const first = await cache.get(1, '1', async () => ({ name: 'cached' }));
    first.name = 'edited but never saved';
    expect(await cache.get(1, '1', async () => ({ name: 'loaded again' }))).toEqual({ name: 'cached' });
  });
});

describe('detachedCopy', () => {
  class Entity {
    constructor(
      public name: string,
      public created: Date,
      public children: Entity[],
    ) {}
    label(): string {
      return `<${this.name}>`;
    }
  }

  it('copies nested objects, arrays and dates, keeping the class of each object', () => {
    const original = new Entity('parent', new Date(0), [new Entity('child', new Date(1), [])]);
    const copy = detachedCopy(original);
    expect(copy).toEqual(original);
    expect(copy.label()).toBe('<parent>');
    expect(copy.children[0]).toBeInstanceOf(Entity);
    copy.children[0].name = 'changed';
    copy.created.setTime(5);
    copy.children.push(new Entity('added', new Date(2), []));
    expect(original.children).toHaveLength(1);
    expect(original.children[0].name).toBe('child');
    expect(original.created.getTime()).toBe(0);
  });
});
