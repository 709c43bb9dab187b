import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/**
 * A queued update older than this is taken as lost (a worker died before starting it): the next
 * notification queues a new one instead of coalescing into it forever.
 */
const STALE_AFTER = '1 hour';

/**
 * Which working copies have an update job waiting. Notification hooks are anonymous, so a burst of them must
 * not queue a pull each: the first claims the working copy and queues the job; the others coalesce into it
 * until the job starts. A notification arriving while the job runs queues exactly one more, so a push made
 * during a pull is never missed.
 */
@Injectable()
export class RepositoryUpdatesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** True when this call queued the update (the caller then starts the job); false when one is already waiting. */
  async claim(componentId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO repository_updates (component_id, queued, queued_at) VALUES ($1, true, now())
       ON CONFLICT (component_id) DO UPDATE SET queued = true, queued_at = now()
         WHERE NOT repository_updates.queued OR repository_updates.queued_at < now() - $2::interval
       RETURNING component_id`,
      [componentId, STALE_AFTER],
    );
    return rows.length > 0;
  }

  /** The job has started (or could not be queued): later notifications queue a new one. */
  async release(componentId: number): Promise<void> {
    await this.dataSource.query('UPDATE repository_updates SET queued = false WHERE component_id = $1', [componentId]);
  }
}
