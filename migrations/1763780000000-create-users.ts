import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateUsers1763780000000 implements MigrationInterface {
  name = 'CreateUsers1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        username varchar(150) NOT NULL UNIQUE,
        full_name varchar(150) NOT NULL DEFAULT '',
        email varchar(254) NOT NULL DEFAULT '',
        password_hash varchar(255),
        is_superuser boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        is_bot boolean NOT NULL DEFAULT false,
        date_joined timestamptz NOT NULL DEFAULT now(),
        last_login timestamptz
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX users_email_unique ON users (lower(email)) WHERE email <> ''`);
    await queryRunner.query(`
      CREATE TABLE api_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
        key_hash char(64) NOT NULL UNIQUE,
        key_prefix varchar(12) NOT NULL,
        created timestamptz NOT NULL DEFAULT now(),
        expires timestamptz
      )`);
    // Requests without credentials run as this user, as in Weblate; its rights come from its groups.
    await queryRunner.query(`INSERT INTO users (username, full_name) VALUES ('anonymous', 'Anonymous')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE api_tokens');
    await queryRunner.query('DROP TABLE users');
  }
}
