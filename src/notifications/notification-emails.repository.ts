import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** A subscription that may cover a change, with what its user's visibility is judged on. */
export interface CandidateSubscription {
  userId: number;
  notification: string;
  scope: number;
  frequency: number;
  projectId: number | null;
  componentId: number | null;
}

/** What a change is about, for visibility and for the message. */
export interface ChangeSubject {
  projectId: number;
  projectName: string;
  projectSlug: string;
  accessControl: number;
  componentId: number | null;
  componentName: string | null;
  componentPath: string | null;
  restricted: boolean;
  languageCode: string | null;
  userName: string | null;
}

/** One queued e-mail's change, as the message shows it. */
export interface QueuedEmail {
  id: number;
  userId: number;
  email: string;
  fullName: string;
  notification: string;
  changeId: number;
  action: number;
  target: string;
  timestamp: Date;
  subject: ChangeSubject;
  attempts: number;
}

const QUEUED = `
  SELECT q.id, q.user_id AS "userId", u.email, u.full_name AS "fullName", q.notification, q.change_id AS "changeId",
         c.action, c.target, c.timestamp, q.attempts,
         p.id AS "projectId", p.name AS "projectName", p.slug AS "projectSlug", p.access_control AS "accessControl",
         co.id AS "componentId", co.name AS "componentName", co.slug AS "componentPath", coalesce(co.restricted, false) AS restricted,
         l.code AS "languageCode", actor.username AS "userName"
    FROM notification_emails q
    JOIN users u ON u.id = q.user_id
    JOIN changes c ON c.id = q.change_id
    JOIN projects p ON p.id = c.project_id
    LEFT JOIN components co ON co.id = c.component_id
    LEFT JOIN languages l ON l.id = c.language_id
    LEFT JOIN users actor ON actor.id = c.user_id`;

type QueuedRow = Omit<QueuedEmail, 'subject'> & ChangeSubject;

/** Subscriptions matched against changes, and the e-mails queued for them (`notification_emails`). */
@Injectable()
export class NotificationEmailsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The subscriptions to these notifications of active users with an e-mail address, except the change's author. */
  candidates(manager: EntityManager, notifications: string[], exceptUserId: number | null): Promise<CandidateSubscription[]> {
    return manager.query(
      `SELECT s.user_id AS "userId", s.notification, s.scope, s.frequency, s.project_id AS "projectId", s.component_id AS "componentId"
         FROM notification_subscriptions s JOIN users u ON u.id = s.user_id
        WHERE s.notification = ANY($1) AND u.is_active AND u.email <> '' AND u.id IS DISTINCT FROM $2`,
      [notifications, exceptUserId],
    );
  }

  async subjectOf(manager: EntityManager, projectId: number, componentId: number | null): Promise<Pick<ChangeSubject, 'accessControl' | 'restricted'> | null> {
    const rows: { accessControl: number; restricted: boolean }[] = await manager.query(
      `SELECT p.access_control AS "accessControl", coalesce(co.restricted, false) AS restricted
         FROM projects p LEFT JOIN components co ON co.id = $2 WHERE p.id = $1`,
      [projectId, componentId],
    );
    return rows[0] ?? null;
  }

  /** Queues e-mails; a change delivered twice is queued once. */
  async queue(manager: EntityManager, emails: { userId: number; changeId: number; notification: string; frequency: number }[]): Promise<void> {
    if (emails.length === 0) return;
    await manager.query(
      `INSERT INTO notification_emails (user_id, change_id, notification, frequency)
       SELECT * FROM unnest($1::int[], $2::int[], $3::varchar[], $4::smallint[])
       ON CONFLICT (user_id, change_id, frequency) DO NOTHING`,
      [emails.map((e) => e.userId), emails.map((e) => e.changeId), emails.map((e) => e.notification), emails.map((e) => e.frequency)],
    );
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Instant e-mails due now, locked for this transaction (other senders skip them). */
  async claimInstant(manager: EntityManager, limit: number): Promise<QueuedEmail[]> {
    const rows: QueuedRow[] = await manager.query(
      `${QUEUED} WHERE q.id IN (SELECT id FROM notification_emails WHERE frequency = 1 AND next_attempt_at <= now()
                               ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
        ORDER BY q.id`,
      [limit],
    );
    return rows.map(toQueued);
  }

  /** One user's digest of a frequency, when its oldest item has waited `periodMs` (as of `now`), locked. */
  async claimDigest(manager: EntityManager, frequency: number, periodMs: number, now: Date): Promise<QueuedEmail[]> {
    const [due]: { userId: number }[] = await manager.query(
      `SELECT user_id AS "userId" FROM notification_emails
        WHERE frequency = $1 AND next_attempt_at <= $3
        GROUP BY user_id HAVING min(created_at) <= $3::timestamptz - make_interval(secs => $2 / 1000.0)
        LIMIT 1`,
      [frequency, periodMs, now],
    );
    if (!due) return [];
    const rows: QueuedRow[] = await manager.query(
      `${QUEUED} WHERE q.id IN (SELECT id FROM notification_emails WHERE frequency = $1 AND user_id = $2 FOR UPDATE SKIP LOCKED)
        ORDER BY q.change_id`,
      [frequency, due.userId],
    );
    return rows.map(toQueued);
  }

  async remove(manager: EntityManager, ids: number[]): Promise<void> {
    await manager.query('DELETE FROM notification_emails WHERE id = ANY($1)', [ids]);
  }

  /** Tries again later: after 1, 2, 4 … minutes, at most a day. */
  async postpone(manager: EntityManager, ids: number[], error: string): Promise<void> {
    await manager.query(
      `UPDATE notification_emails SET attempts = attempts + 1, last_error = $2,
              next_attempt_at = now() + least(make_interval(mins => power(2, attempts)::int), interval '1 day')
        WHERE id = ANY($1)`,
      [ids, error.slice(0, 2000)],
    );
  }
}

function toQueued(row: QueuedRow): QueuedEmail {
  const { projectId, projectName, projectSlug, accessControl, componentId, componentName, componentPath, restricted, languageCode, userName, ...email } = row;
  return { ...email, subject: { projectId, projectName, projectSlug, accessControl, componentId, componentName, componentPath, restricted, languageCode, userName } };
}
