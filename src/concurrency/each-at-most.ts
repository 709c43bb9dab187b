/**
 * Runs `work` on every item, at most `limit` at once, and resolves once all have run. An item that fails does not
 * stop the others (those not reached would be left out silently); the first failure is thrown once all are done.
 */
export async function eachAtMost<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  const failures: unknown[] = [];
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) {
      try {
        await work(items[index], index);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.length > 0) throw failures[0];
}
