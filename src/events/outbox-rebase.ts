import type { PoolClient } from 'pg';
import { rebaseRestoredOutbox } from './restored-outbox.repository';

/**
 * The events module's part of an installation restore (cli/installation-backup): the restored change log and
 * cursors moved onto the new database's transaction ids, in the restore's transaction. See the repository for how.
 */
export function rebaseOutboxAfterRestore(client: PoolClient): Promise<void> {
  return rebaseRestoredOutbox(client);
}
