/**
 * Values read from the database, kept under the access generation they were loaded at. The generation grows in the
 * transaction of every change to what such values are read from (triggers; migrations count-access-changes and
 * count-context-changes), and each request reads it with its caller, so a request never gets a value older than
 * the data it observed: a change is seen by the next request on every replica. Values are loaded by a statement
 * that starts after the generation was read, so what is kept under generation G is never older than G.
 *
 * `copy` hands each caller a value of its own when callers may change what they get (entities a service edits
 * before saving), so one request's unsaved edit never reaches another. Beyond `maxEntries` the oldest entry goes: a
 * bound on memory, not on correctness.
 */
export class GenerationCache<K, V> {
  private generation = -1n;
  private readonly entries = new Map<K, Promise<V>>();

  constructor(
    private readonly copy: (value: V) => V = (value) => value,
    private readonly maxEntries = 10_000,
  ) {}

  async get(key: K, generation: string, load: () => Promise<V>): Promise<V> {
    const observed = BigInt(generation);
    if (observed > this.generation) {
      this.entries.clear();
      this.generation = observed;
    }
    // A request that read the generation before a newer one was seen: serve it fresh, keep nothing.
    if (observed < this.generation) return load();
    let value = this.entries.get(key);
    if (!value) {
      if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
      value = load();
      this.entries.set(key, value);
      const loaded = value;
      loaded.catch(() => {
        if (this.entries.get(key) === loaded) this.entries.delete(key);
      });
    }
    return this.copy(await value);
  }
}

/**
 * A copy of an object graph read from the database (entities, arrays, dates), each object keeping its class, so
 * that changing the copy leaves the original as it was. The graphs copied hold no cycles.
 */
export function detachedCopy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) return value.map(detachedCopy) as T;
  if (ArrayBuffer.isView(value)) return value;
  const copy = Object.create(Object.getPrototypeOf(value) as object | null) as Record<string, unknown>;
  for (const [key, field] of Object.entries(value)) copy[key] = detachedCopy(field);
  return copy as T;
}
