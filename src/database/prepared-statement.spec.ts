import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { queryPrepared } from './prepared-statement';

/** A data source whose pool answers `answer` and records the statements it was asked for. */
function withPool(answer: (config: unknown) => Promise<unknown>): { dataSource: DataSource; asked: unknown[] } {
  const asked: unknown[] = [];
  const master = { query: (config: unknown) => (asked.push(config), answer(config)) };
  return { dataSource: { driver: { master } } as unknown as DataSource, asked };
}

describe('queryPrepared', () => {
  it('sends the statement under its name with its values and returns the rows', async () => {
    const { dataSource, asked } = withPool(async () => ({ rows: [{ id: 7 }] }));
    await expect(queryPrepared(dataSource, 'holder', 'SELECT $1::int AS id', [7])).resolves.toEqual([{ id: 7 }]);
    expect(asked).toEqual([{ name: 'holder', text: 'SELECT $1::int AS id', values: [7] }]);
  });

  it("runs on the transaction's connection when given a manager in a transaction, else on the pool", async () => {
    const { dataSource, asked } = withPool(async () => ({ rows: [{ pooled: true }] }));
    const inTransaction: unknown[] = [];
    const client = { query: async (config: unknown) => (inTransaction.push(config), { rows: [{ pooled: false }] }) };
    const transaction = { connection: dataSource, queryRunner: { connect: async () => client } } as unknown as EntityManager;
    const outside = { connection: dataSource, queryRunner: undefined } as unknown as EntityManager;

    await expect(queryPrepared(transaction, 'save', 'UPDATE units SET state = $1', [20])).resolves.toEqual([{ pooled: false }]);
    await expect(queryPrepared(outside, 'save', 'UPDATE units SET state = $1', [20])).resolves.toEqual([{ pooled: true }]);
    expect(inTransaction).toEqual([{ name: 'save', text: 'UPDATE units SET state = $1', values: [20] }]);
    expect(asked).toEqual([{ name: 'save', text: 'UPDATE units SET state = $1', values: [20] }]);
  });

  it("fails as DataSource.query does, with the driver's error and its code", async () => {
    const refused = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const { dataSource } = withPool(() => Promise.reject(refused));
    const failure = await queryPrepared(dataSource, 'holder', 'SELECT 1', []).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError).driverError).toMatchObject({ code: '57014' });
  });
});
