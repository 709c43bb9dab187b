import { ServiceUnavailableError, ThrottledError } from '../errors/domain-error';
import { ConcurrencyCaps, InProcessConcurrencyLimits } from './concurrency-limits';

const CAPS: ConcurrencyCaps = { perCaller: 1, total: 2, waitMs: 100, callerBusy: 'yours are busy', allBusy: 'all are busy' };

/** A run that holds its slot until `finish` is called. */
function held(limits: InProcessConcurrencyLimits, caller: string) {
  let finish!: () => void;
  const done = limits.run('search', caller, CAPS, () => new Promise<string>((resolve) => (finish = () => resolve(caller))));
  return { done, finish: () => finish() };
}

describe('InProcessConcurrencyLimits', () => {
  it("refuses a caller's run beyond their cap with 429 after waiting, and lets others in", async () => {
    const limits = new InProcessConcurrencyLimits();
    const first = held(limits, 'ip:a');
    const refused = limits.run('search', 'ip:a', CAPS, async () => 'never');
    await expect(refused).rejects.toEqual(new ThrottledError(1, 'yours are busy'));
    await expect(limits.run('search', 'user:1', CAPS, async () => 'other')).resolves.toBe('other');
    first.finish();
    await expect(first.done).resolves.toBe('ip:a');
  });

  it('refuses any run beyond the total with 503, and a waiting run gets the slot freed meanwhile', async () => {
    const limits = new InProcessConcurrencyLimits();
    const [a, b] = [held(limits, 'ip:a'), held(limits, 'ip:b')];
    await expect(limits.run('search', 'ip:c', CAPS, async () => 'never')).rejects.toEqual(new ServiceUnavailableError('all are busy'));
    const waiting = limits.run('search', 'ip:c', CAPS, async () => 'in');
    a.finish();
    await expect(waiting).resolves.toBe('in');
    b.finish();
    await Promise.all([a.done, b.done]);
  });

  it('frees the slot when the work fails, and counts each kind of work apart', async () => {
    const limits = new InProcessConcurrencyLimits();
    await expect(limits.run('search', 'ip:a', CAPS, async () => { throw new Error('boom'); })).rejects.toThrow('boom');
    const other = held(limits, 'ip:a');
    await expect(limits.run('export', 'ip:a', CAPS, async () => 'export')).resolves.toBe('export');
    other.finish();
    await other.done;
  });
});
