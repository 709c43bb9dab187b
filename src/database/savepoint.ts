import type { EntityManager } from 'typeorm';

/**
 * Runs `work` inside a savepoint of the manager's transaction: when it throws, what it wrote is undone and the
 * transaction goes on (the error is rethrown for the caller to handle). `name` says in PostgreSQL's logs whose it is.
 */
export async function withSavepoint<T>(manager: EntityManager, name: string, work: () => Promise<T>): Promise<T> {
  await manager.query(`SAVEPOINT ${name}`);
  try {
    const result = await work();
    await manager.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (error) {
    await manager.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw error;
  }
}
