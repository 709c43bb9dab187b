import { MigrationInterface, QueryRunner } from 'typeorm';

/** The tables only; the shipped language definitions are loaded by LanguageDataSync after migrating. */
export class CreateLanguages1763780002000 implements MigrationInterface {
  name = 'CreateLanguages1763780002000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE languages (
        id serial PRIMARY KEY,
        code varchar(50) NOT NULL UNIQUE,
        name varchar(100) NOT NULL,
        direction varchar(3) NOT NULL DEFAULT 'ltr' CHECK (direction IN ('ltr', 'rtl')),
        population bigint NOT NULL DEFAULT 0,
        aliases text[] NOT NULL DEFAULT '{}',
        origin varchar(5) NOT NULL DEFAULT 'data' CHECK (origin IN ('data', 'admin'))
      )`);
    await queryRunner.query(`
      CREATE TABLE plurals (
        id serial PRIMARY KEY,
        language_id integer NOT NULL REFERENCES languages (id) ON DELETE CASCADE,
        source smallint NOT NULL DEFAULT 0,
        number smallint NOT NULL,
        formula text NOT NULL,
        type smallint NOT NULL
      )`);
    await queryRunner.query('CREATE UNIQUE INDEX plurals_language_source ON plurals (language_id, source)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE plurals');
    await queryRunner.query('DROP TABLE languages');
  }
}
