import { DataSource, QueryFailedError } from 'typeorm';
import { PG_ERROR } from './pg-error';
import { retryingTransaction } from './retrying-transaction';

const refused = (code: string) => new QueryFailedError('UPDATE', [], Object.assign(new Error(`refused with ${code}`), { code }));

/** A data source whose transactions fail with these errors in turn, then run the work. */
function failingThen(errors: Error[]): { dataSource: DataSource; runs: () => number } {
  let runs = 0;
  const dataSource = {
    transaction: (work: (manager: unknown) => Promise<unknown>) => {
      const error = errors[runs++];
      return error ? Promise.reject(error) : work({});
    },
  } as unknown as DataSource;
  return { dataSource, runs: () => runs };
}

describe('retryingTransaction', () => {
  it('runs the work again after serialization failures and deadlocks', async () => {
    const { dataSource, runs } = failingThen([refused(PG_ERROR.serializationFailure), refused(PG_ERROR.deadlockDetected)]);
    await expect(retryingTransaction(dataSource, async () => 'done')).resolves.toBe('done');
    expect(runs()).toBe(3);
  });

  it('gives up after four runs with the last failure', async () => {
    const failures = Array.from({ length: 5 }, () => refused(PG_ERROR.deadlockDetected));
    const { dataSource, runs } = failingThen(failures);
    await expect(retryingTransaction(dataSource, async () => 'done')).rejects.toBe(failures[3]);
    expect(runs()).toBe(4);
  });

  it('never repeats work that failed for another reason', async () => {
    const { dataSource, runs } = failingThen([refused(PG_ERROR.uniqueViolation)]);
    await expect(retryingTransaction(dataSource, async () => 'done')).rejects.toThrow('refused with 23505');
    expect(runs()).toBe(1);
  });
});
