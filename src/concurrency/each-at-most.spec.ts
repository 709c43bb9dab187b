import { eachAtMost } from './each-at-most';

describe('eachAtMost', () => {
  const tick = () => new Promise((resolve) => setImmediate(resolve));

  it('runs every item, never more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await eachAtMost([...Array(10).keys()], 3, async (item) => {
      most = Math.max(most, ++running);
      await tick();
      done.push(item);
      running--;
    });
    expect(done.sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
    expect(most).toBe(3);
  });

  it('goes on past a failing item and throws its error once all have run', async () => {
    const done: string[] = [];
    const run = eachAtMost(['a', 'bad', 'c', 'd', 'e'], 2, async (item) => {
      await tick();
      if (item === 'bad') throw new Error('bad item');
      done.push(item);
    });
    await expect(run).rejects.toThrow('bad item');
    expect(done.sort()).toEqual(['a', 'c', 'd', 'e']);
  });

  it('passes each item its index', async () => {
    const seen: [string, number][] = [];
    await eachAtMost(['x', 'y'], 5, async (item, index) => void seen.push([item, index]));
    expect(seen).toEqual([['x', 0], ['y', 1]]);
  });
});
