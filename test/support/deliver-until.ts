import { TestApp } from './test-app';

/**
 * Delivers events until `done` holds (at most `timeoutMs`). A change becomes deliverable once every older transaction of the
 * database is over, and test files running beside this one (other schemas, same database) hold such transactions
 * for a moment: one delivery right after an action may find nothing yet.
 */
export async function deliverUntil(t: TestApp, done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  for (let waited = 0; waited < timeoutMs; waited += 100) {
    await t.deliverEvents();
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
