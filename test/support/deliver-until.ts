import { TestApp } from './test-app';

/**
 * Delivers events until `done` holds, for at most `timeoutMs` of wall-clock time. A change becomes deliverable once
 * every older transaction of the database is over, and test files running beside this one (other schemas, same
 * database) hold such transactions for a moment: one delivery right after an action may find nothing yet. Each
 * delivery may itself wait, so the deadline is on the clock, not on a count of rounds; when it passes the test fails
 * here, saying so, rather than at the test's own timeout without a reason.
 */
export async function deliverUntil(t: TestApp, done: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await t.deliverEvents();
    if (await done()) return;
    if (Date.now() >= deadline) throw new Error(`events delivered for ${timeoutMs} ms without reaching the expected state`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
