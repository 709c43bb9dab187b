import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The change log becomes the events' outbox. Each change carries the id of the transaction that wrote it, so a
 * consumer can read changes in commit-safe order: only those of transactions older than every one of this database
 * still running, ordered by (transaction, id). A change whose transaction commits late can then never fall behind a
 * consumer's cursor, as it could with ids alone. `event_consumers` holds each consumer's cursor, and the snapshot it
 * started from: what had committed then is not the consumer's.
 */
export class CreateEventOutbox1763780040000 implements MigrationInterface {
  name = 'CreateEventOutbox1763780040000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE changes ADD COLUMN xact_id xid8 NOT NULL DEFAULT pg_current_xact_id()');
    await queryRunner.query('CREATE INDEX changes_outbox ON changes (xact_id, id)');
    await queryRunner.query(`
      CREATE TABLE event_consumers (
        name text PRIMARY KEY,
        last_xact_id xid8 NOT NULL,
        last_change_id integer NOT NULL DEFAULT 0,
        start_snapshot pg_snapshot,
        failed_attempts integer NOT NULL DEFAULT 0,
        last_error text,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE event_consumers');
    await queryRunner.query('ALTER TABLE changes DROP COLUMN xact_id');
  }
}
