import type { Grant } from './user-permissions';

/** Users whose grants one process keeps; beyond it the oldest entry goes (a bound on memory, not on correctness). */
const MAX_USERS = 10_000;

/**
 * Users' grants, kept under the access generation they were loaded at. The generation grows in the transaction of
 * every change to what grants are read from (a trigger; migration count-access-changes), and each request reads it
 * with its caller, so a request never gets grants older than the access data it observed: a revoked membership or
 * role is gone for the next request on every replica. Grants are loaded by a statement that starts after the
 * generation was read, so what is kept under generation G is never older than G.
 */
export class GrantsCache {
  private generation = -1n;
  private readonly byUser = new Map<number, Promise<readonly Grant[]>>();

  get(userId: number, generation: string, load: () => Promise<readonly Grant[]>): Promise<readonly Grant[]> {
    const observed = BigInt(generation);
    if (observed > this.generation) {
      this.byUser.clear();
      this.generation = observed;
    }
    // A request that read the generation before a newer one was seen: serve it fresh, keep nothing.
    if (observed < this.generation) return load();
    let grants = this.byUser.get(userId);
    if (!grants) {
      if (this.byUser.size >= MAX_USERS) this.byUser.delete(this.byUser.keys().next().value!);
      grants = load();
      this.byUser.set(userId, grants);
      const loaded = grants;
      loaded.catch(() => {
        if (this.byUser.get(userId) === loaded) this.byUser.delete(userId);
      });
    }
    return grants;
  }
}
