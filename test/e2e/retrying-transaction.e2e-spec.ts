import { DataSource, EntityManager } from 'typeorm';
import { isPgError, PG_ERROR } from '../../src/database/pg-error';
import { retryingTransaction } from '../../src/database/retrying-transaction';
import { createTestApp, TestApp } from '../support/test-app';

type Transaction = (dataSource: DataSource, work: (manager: EntityManager) => Promise<void>) => Promise<void>;

/**
 * Two transactions lock two rows in opposite orders, each waiting until the other holds its first row, so
 * PostgreSQL certainly finds a deadlock and aborts one of them.
 */
describe('retryingTransaction', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.dataSource.query('CREATE TABLE probe_rows (id int PRIMARY KEY, hits int NOT NULL DEFAULT 0)');
    await t.dataSource.query('CREATE TABLE probe_log (name text NOT NULL)');
  });

  afterAll(() => t.close());

  async function opposingTransactions(transaction: Transaction): Promise<{ outcomes: PromiseSettledResult<void>[]; runs: number }> {
    await t.dataSource.query('TRUNCATE probe_rows, probe_log');
    await t.dataSource.query('INSERT INTO probe_rows (id) VALUES (1), (2)');
    let runs = 0;
    let holding = 0;
    let bothHolding!: () => void;
    const barrier = new Promise<void>((resolve) => (bothHolding = resolve));
    const run = (name: string, first: number, second: number) =>
      transaction(t.dataSource, async (manager) => {
        runs++;
        const firstRun = runs <= 2;
        await manager.query('UPDATE probe_rows SET hits = hits + 1 WHERE id = $1', [first]);
        if (firstRun && ++holding === 2) bothHolding();
        if (firstRun) await barrier;
        await manager.query('UPDATE probe_rows SET hits = hits + 1 WHERE id = $1', [second]);
        await manager.query('INSERT INTO probe_log (name) VALUES ($1)', [name]);
      });
    const outcomes = await Promise.allSettled([run('a', 1, 2), run('b', 2, 1)]);
    return { outcomes, runs };
  }

  it('runs the deadlock victim again: both transactions complete, each committed once', async () => {
    const { outcomes, runs } = await opposingTransactions(retryingTransaction);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(runs).toBe(3);
    expect(await t.dataSource.query('SELECT id, hits FROM probe_rows ORDER BY id')).toEqual([{ id: 1, hits: 2 }, { id: 2, hits: 2 }]);
    expect(await t.dataSource.query('SELECT name FROM probe_log ORDER BY name')).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('is what saves them: a plain transaction on the same schedule fails with a deadlock', async () => {
    const { outcomes, runs } = await opposingTransactions((dataSource, work) => dataSource.transaction(work));
    const failures = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(failures).toHaveLength(1);
    expect(isPgError(failures[0], PG_ERROR.deadlockDetected)).toBe(true);
    expect(runs).toBe(2);
    expect(await t.dataSource.query('SELECT count(*)::int AS n FROM probe_log')).toEqual([{ n: 1 }]);
  });
});
