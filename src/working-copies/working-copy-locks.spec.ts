import { InProcessWorkingCopyLocks, RepositoryLockedError } from './working-copy-locks';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('InProcessWorkingCopyLocks', () => {
  it('runs operations on one key one after the other', async () => {
    const locks = new InProcessWorkingCopyLocks();
    const events: string[] = [];
    const op = (name: string) => locks.withLock('r', async () => {
      events.push(`${name} start`);
      await sleep(20);
      events.push(`${name} end`);
    });
    await Promise.all([op('a'), op('b'), op('c')]);
    expect(events).toEqual(['a start', 'a end', 'b start', 'b end', 'c start', 'c end']);
  });

  it('lets different keys run at the same time', async () => {
    const locks = new InProcessWorkingCopyLocks();
    const events: string[] = [];
    await Promise.all(['x', 'y'].map((key) => locks.withLock(key, async () => {
      events.push(`${key} start`);
      await sleep(20);
      events.push(`${key} end`);
    })));
    expect(events.slice(0, 2).sort()).toEqual(['x start', 'y start']);
  });

  it('gives up with a 423 error after waiting, and the queue goes on', async () => {
    const locks = new InProcessWorkingCopyLocks();
    const slow = locks.withLock('r', () => sleep(100));
    await expect(locks.withLock('r', async () => 'never', 10)).rejects.toBeInstanceOf(RepositoryLockedError);
    await slow;
    await expect(locks.withLock('r', async () => 'next', 10)).resolves.toBe('next');
  });

  it('releases the lock when the operation fails', async () => {
    const locks = new InProcessWorkingCopyLocks();
    await expect(locks.withLock('r', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    await expect(locks.withLock('r', async () => 'ok', 10)).resolves.toBe('ok');
  });
});
