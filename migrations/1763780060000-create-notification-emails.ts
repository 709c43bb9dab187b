import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notification e-mails waiting to be sent: one row per (user, change, frequency), written by the notifications'
 * event consumer in the transaction that acknowledges the change (so a change is queued once, however often it
 * is delivered), sent and deleted by the mail sender: instant ones one by one, digests grouped per user.
 */
export class CreateNotificationEmails1763780060000 implements MigrationInterface {
  name = 'CreateNotificationEmails1763780060000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE notification_emails (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        change_id integer NOT NULL REFERENCES changes (id) ON DELETE CASCADE,
        notification varchar(100) NOT NULL,
        frequency smallint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        UNIQUE (user_id, change_id, frequency)
      )`);
    await queryRunner.query('CREATE INDEX notification_emails_due ON notification_emails (frequency, next_attempt_at)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE notification_emails');
  }
}
