import { rm } from 'node:fs/promises';

export default async function globalTeardown(): Promise<void> {
  const stop = (globalThis as { stopTestDatabase?: () => Promise<void> }).stopTestDatabase;
  if (!stop) return;
  await stop();
  if (process.env.TEST_EMBEDDED_DATA_DIR) await rm(process.env.TEST_EMBEDDED_DATA_DIR, { recursive: true, force: true });
}
