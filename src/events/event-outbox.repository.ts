import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { ChangeEvent } from './events';

/** Where a consumer stands in the change log: the last change it acknowledged, by (transaction, id). */
export interface Cursor {
  lastXactId: string;
  lastChangeId: number;
  failedAttempts: number;
  /** The snapshot the consumer started from: changes it saw as committed were before the consumer's time. */
  startSnapshot: string | null;
}

/** A change read from the outbox, with the transaction id the cursor advances to. */
export interface OutboxEntry {
  xactId: string;
  event: ChangeEvent;
}

interface OutboxRow {
  xact_text: string;
  id: number;
  action: number;
  timestamp: Date;
  user_id: number | null;
  author_id: number | null;
  project_id: number | null;
  component_id: number | null;
  translation_id: number | null;
  unit_id: number | null;
  language_id: number | null;
  target: string;
  old: string;
  details: Record<string, unknown>;
}

/**
 * The oldest transaction of this installation that may still write a change: the oldest one running on its
 * connections (this one included), or the next to start. Every change of an older transaction has committed or
 * never will, so changes before it can be delivered in (transaction, id) order without one committing later behind
 * them. Only transactions of this database on connections named as ours (`application_name`, set on every
 * connection of the installation: data-source-options.ts) count: others (another schema's, a tool's) cannot write
 * our changes, and a long one there must not hold our events.
 */
const HORIZON = `least(
  (SELECT min(x) FROM pg_snapshot_xip(pg_current_snapshot()) AS x
    WHERE EXISTS (SELECT 1 FROM pg_stat_activity a
                   WHERE a.datname = current_database() AND a.application_name = current_setting('application_name')
                     AND a.backend_xid = xid(x))),
  pg_current_xact_id_if_assigned(),
  pg_snapshot_xmax(pg_current_snapshot()))`;

/** The change log read as the events' outbox, and the consumers' cursors (`event_consumers`). */
@Injectable()
export class EventOutboxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * A new consumer starts at the present: it is told of what commits from now on. Its cursor starts at the horizon,
   * so a change being written while it registers is not missed, and it keeps the snapshot of that moment, so a
   * change that had committed then (a younger transaction than one still running) is not told either.
   */
  async createCursor(name: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO event_consumers (name, last_xact_id, start_snapshot) VALUES ($1, ${HORIZON}, pg_current_snapshot())
       ON CONFLICT (name) DO NOTHING`,
      [name],
    );
  }

  /** Locks the consumer's cursor for this transaction; `skipLocked`: null when another process holds it. */
  async lockCursor(manager: EntityManager, name: string, skipLocked: boolean): Promise<Cursor | null> {
    const rows: { last_xact_id: string; last_change_id: number; failed_attempts: number; start_snapshot: string | null }[] = await manager.query(
      `SELECT last_xact_id::text, last_change_id, failed_attempts, start_snapshot::text
         FROM event_consumers WHERE name = $1 FOR UPDATE${skipLocked ? ' SKIP LOCKED' : ''}`,
      [name],
    );
    const row = rows[0];
    return row ? { lastXactId: row.last_xact_id, lastChangeId: row.last_change_id, failedAttempts: row.failed_attempts, startSnapshot: row.start_snapshot } : null;
  }

  /** The changes after the cursor whose transactions are over (before the horizon), in the order they can no longer be overtaken. */
  async readAfter(manager: EntityManager, cursor: Cursor, limit: number): Promise<OutboxEntry[]> {
    const rows: OutboxRow[] = await manager.query(
      // The text of the transaction id is named apart: ORDER BY would take an output column called `xact_id` before
      // the table's, and sort the ids as text (1000 before 999), overtaking changes and moving the cursor past them.
      `SELECT xact_id::text AS xact_text, id, action, timestamp, user_id, author_id, project_id, component_id, translation_id, unit_id,
              language_id, target, old, details
         FROM changes
        WHERE (xact_id, id) > ($1::xid8, $2) AND xact_id < ${HORIZON}
          AND ($4::pg_snapshot IS NULL OR NOT pg_visible_in_snapshot(xact_id, $4::pg_snapshot))
        ORDER BY changes.xact_id, changes.id
        LIMIT $3`,
      [cursor.lastXactId, cursor.lastChangeId, limit, cursor.startSnapshot],
    );
    return rows.map((row) => ({
      xactId: row.xact_text,
      event: {
        changeId: row.id, action: row.action, timestamp: row.timestamp, userId: row.user_id, authorId: row.author_id,
        projectId: row.project_id, componentId: row.component_id, translationId: row.translation_id, unitId: row.unit_id,
        languageId: row.language_id, target: row.target, old: row.old, details: row.details,
      },
    }));
  }

  /** The newest change committed so far (0 when none). */
  async newestChangeId(): Promise<number> {
    const [{ id }] = await this.dataSource.query('SELECT coalesce(max(id), 0) AS id FROM changes');
    return Number(id);
  }

  /** Whether the consumer has yet to be told of a change with an id up to `changeId`. */
  async hasPending(name: string, changeId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM changes c, event_consumers e
        WHERE e.name = $1 AND c.id <= $2 AND (c.xact_id, c.id) > (e.last_xact_id, e.last_change_id)
          AND (e.start_snapshot IS NULL OR NOT pg_visible_in_snapshot(c.xact_id, e.start_snapshot)) LIMIT 1`,
      [name, changeId],
    );
    return rows.length > 0;
  }

  async advance(manager: EntityManager, name: string, xactId: string, changeId: number): Promise<void> {
    await manager.query(
      `UPDATE event_consumers SET last_xact_id = $2::xid8, last_change_id = $3, failed_attempts = 0, last_error = NULL, updated_at = now()
        WHERE name = $1`,
      [name, xactId, changeId],
    );
  }

  async recordFailure(manager: EntityManager, name: string, error: string): Promise<void> {
    await manager.query(
      'UPDATE event_consumers SET failed_attempts = failed_attempts + 1, last_error = $2, updated_at = now() WHERE name = $1',
      [name, error.slice(0, 2000)],
    );
  }
}
