import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Strings and their history: one unit per string per translation (source units in the source translation), the
 * change log, suggestions and comments. Hashes are 52-bit so they survive JSON numbers in every client.
 */
export class CreateUnitsAndChanges1763780010000 implements MigrationInterface {
  name = 'CreateUnitsAndChanges1763780010000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE units (
        id serial PRIMARY KEY,
        translation_id integer NOT NULL REFERENCES translations (id) ON DELETE CASCADE,
        source_unit_id integer REFERENCES units (id) ON DELETE SET NULL,
        id_hash bigint NOT NULL,
        content_hash bigint NOT NULL,
        context text NOT NULL DEFAULT '',
        source text[] NOT NULL,
        target text[] NOT NULL,
        previous_source text NOT NULL DEFAULT '',
        note text NOT NULL DEFAULT '',
        location text NOT NULL DEFAULT '',
        flags text NOT NULL DEFAULT '',
        state smallint NOT NULL DEFAULT 0,
        position integer NOT NULL DEFAULT 0,
        num_words integer NOT NULL DEFAULT 0,
        num_chars integer NOT NULL DEFAULT 0,
        priority integer NOT NULL DEFAULT 100,
        pending boolean NOT NULL DEFAULT false,
        automatically_translated boolean NOT NULL DEFAULT false,
        explanation text NOT NULL DEFAULT '',
        extra_flags text NOT NULL DEFAULT '',
        failing_checks text[] NOT NULL DEFAULT '{}',
        dismissed_checks text[] NOT NULL DEFAULT '{}',
        has_suggestion boolean NOT NULL DEFAULT false,
        has_comment boolean NOT NULL DEFAULT false,
        timestamp timestamptz NOT NULL DEFAULT now(),
        last_updated timestamptz NOT NULL DEFAULT now(),
        UNIQUE (translation_id, id_hash)
      )`);
    // Set when the file must be rewritten although no unit is pending: a string was added or removed.
    await queryRunner.query('ALTER TABLE translations ADD COLUMN needs_write boolean NOT NULL DEFAULT false');
    await queryRunner.query('CREATE INDEX units_translation_position ON units (translation_id, position, id)');
    await queryRunner.query('CREATE INDEX units_source_unit ON units (source_unit_id)');
    await queryRunner.query('CREATE INDEX units_pending ON units (translation_id) WHERE pending');
    await queryRunner.query(`
      CREATE TABLE unit_labels (
        unit_id integer NOT NULL REFERENCES units (id) ON DELETE CASCADE,
        label_id integer NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
        PRIMARY KEY (unit_id, label_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE suggestions (
        id serial PRIMARY KEY,
        unit_id integer NOT NULL REFERENCES units (id) ON DELETE CASCADE,
        target text[] NOT NULL,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        timestamp timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX suggestions_unit ON suggestions (unit_id)');
    await queryRunner.query(`
      CREATE TABLE comments (
        id serial PRIMARY KEY,
        unit_id integer NOT NULL REFERENCES units (id) ON DELETE CASCADE,
        comment text NOT NULL,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        resolved boolean NOT NULL DEFAULT false,
        timestamp timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('CREATE INDEX comments_unit ON comments (unit_id)');
    await queryRunner.query(`
      CREATE TABLE changes (
        id serial PRIMARY KEY,
        action smallint NOT NULL,
        timestamp timestamptz NOT NULL DEFAULT now(),
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        author_id integer REFERENCES users (id) ON DELETE SET NULL,
        project_id integer REFERENCES projects (id) ON DELETE CASCADE,
        component_id integer REFERENCES components (id) ON DELETE CASCADE,
        translation_id integer REFERENCES translations (id) ON DELETE CASCADE,
        unit_id integer REFERENCES units (id) ON DELETE SET NULL,
        language_id integer REFERENCES languages (id) ON DELETE SET NULL,
        target text NOT NULL DEFAULT '',
        old text NOT NULL DEFAULT '',
        details jsonb NOT NULL DEFAULT '{}'
      )`);
    await queryRunner.query('CREATE INDEX changes_timestamp ON changes (timestamp DESC, id DESC)');
    await queryRunner.query('CREATE INDEX changes_project ON changes (project_id, timestamp DESC)');
    await queryRunner.query('CREATE INDEX changes_component ON changes (component_id, timestamp DESC)');
    await queryRunner.query('CREATE INDEX changes_translation ON changes (translation_id, timestamp DESC)');
    await queryRunner.query('CREATE INDEX changes_unit ON changes (unit_id, timestamp DESC)');
    await queryRunner.query('CREATE INDEX changes_user ON changes (user_id, action)');
    await queryRunner.query('CREATE INDEX changes_author ON changes (author_id, action)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE changes, comments, suggestions, unit_labels, units');
    await queryRunner.query('ALTER TABLE translations DROP COLUMN needs_write');
  }
}
