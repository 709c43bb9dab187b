import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateComponents1763780006000 implements MigrationInterface {
  name = 'CreateComponents1763780006000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE components (
        id serial PRIMARY KEY,
        project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        category_id integer REFERENCES categories (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        slug varchar(100) NOT NULL,
        vcs varchar(20) NOT NULL DEFAULT 'git',
        repo varchar(300) NOT NULL,
        push varchar(300) NOT NULL DEFAULT '',
        branch varchar(200) NOT NULL DEFAULT '',
        push_branch varchar(200) NOT NULL DEFAULT '',
        repoweb varchar(200) NOT NULL DEFAULT '',
        linked_component_id integer REFERENCES components (id) ON DELETE RESTRICT,
        filemask varchar(400) NOT NULL,
        template varchar(400) NOT NULL DEFAULT '',
        edit_template boolean NOT NULL DEFAULT true,
        intermediate varchar(400) NOT NULL DEFAULT '',
        new_base varchar(400) NOT NULL DEFAULT '',
        file_format varchar(50) NOT NULL,
        source_language_id integer NOT NULL REFERENCES languages (id),
        license varchar(150) NOT NULL DEFAULT '',
        agreement text NOT NULL DEFAULT '',
        new_lang varchar(10) NOT NULL DEFAULT 'add',
        language_code_style varchar(25) NOT NULL DEFAULT '',
        check_flags text NOT NULL DEFAULT '',
        enforced_checks text[] NOT NULL DEFAULT '{}',
        priority smallint NOT NULL DEFAULT 100,
        restricted boolean NOT NULL DEFAULT false,
        report_source_bugs varchar(254) NOT NULL DEFAULT '',
        merge_style varchar(10) NOT NULL DEFAULT 'rebase',
        commit_message text NOT NULL,
        add_message text NOT NULL,
        delete_message text NOT NULL,
        merge_message text NOT NULL,
        addon_message text NOT NULL,
        pull_message text NOT NULL,
        allow_translation_propagation boolean NOT NULL DEFAULT true,
        enable_suggestions boolean NOT NULL DEFAULT true,
        suggestion_voting boolean NOT NULL DEFAULT false,
        suggestion_autoaccept smallint NOT NULL DEFAULT 0,
        push_on_commit boolean NOT NULL DEFAULT true,
        commit_pending_age smallint NOT NULL DEFAULT 24,
        auto_lock_error boolean NOT NULL DEFAULT true,
        language_regex varchar(500) NOT NULL DEFAULT '^[^.]+$',
        variant_regex varchar(190) NOT NULL DEFAULT '',
        manage_units boolean NOT NULL DEFAULT false,
        is_glossary boolean NOT NULL DEFAULT false,
        glossary_color varchar(30) NOT NULL DEFAULT 'silver',
        locked boolean NOT NULL DEFAULT false,
        task_id uuid,
        created timestamptz NOT NULL DEFAULT now()
      )`);
    // Slug and name are unique within the project at each category level, as the path addresses them.
    await queryRunner.query('CREATE UNIQUE INDEX components_slug_per_parent ON components (project_id, coalesce(category_id, 0), slug)');
    await queryRunner.query('CREATE UNIQUE INDEX components_name_per_parent ON components (project_id, coalesce(category_id, 0), name)');
    await queryRunner.query('CREATE INDEX components_repo ON components (repo)');
    await queryRunner.query(`
      CREATE TABLE component_links (
        component_id integer NOT NULL REFERENCES components (id) ON DELETE CASCADE,
        project_id integer NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
        PRIMARY KEY (component_id, project_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE group_components (
        group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
        component_id integer NOT NULL REFERENCES components (id) ON DELETE CASCADE,
        PRIMARY KEY (group_id, component_id)
      )`);
    await queryRunner.query(`
      CREATE TABLE translations (
        id serial PRIMARY KEY,
        component_id integer NOT NULL REFERENCES components (id) ON DELETE CASCADE,
        language_id integer NOT NULL REFERENCES languages (id),
        language_code varchar(50) NOT NULL,
        filename varchar(400) NOT NULL,
        revision varchar(64) NOT NULL DEFAULT '',
        is_source boolean NOT NULL DEFAULT false,
        is_template boolean NOT NULL DEFAULT false,
        total integer NOT NULL DEFAULT 0, total_words integer NOT NULL DEFAULT 0, total_chars integer NOT NULL DEFAULT 0,
        translated integer NOT NULL DEFAULT 0, translated_words integer NOT NULL DEFAULT 0, translated_chars integer NOT NULL DEFAULT 0,
        fuzzy integer NOT NULL DEFAULT 0, fuzzy_words integer NOT NULL DEFAULT 0, fuzzy_chars integer NOT NULL DEFAULT 0,
        approved integer NOT NULL DEFAULT 0, approved_words integer NOT NULL DEFAULT 0, approved_chars integer NOT NULL DEFAULT 0,
        readonly integer NOT NULL DEFAULT 0, readonly_words integer NOT NULL DEFAULT 0, readonly_chars integer NOT NULL DEFAULT 0,
        failing integer NOT NULL DEFAULT 0, failing_words integer NOT NULL DEFAULT 0,
        suggestions integer NOT NULL DEFAULT 0, comments integer NOT NULL DEFAULT 0,
        last_change timestamptz,
        last_author_id integer REFERENCES users (id) ON DELETE SET NULL,
        UNIQUE (component_id, language_id)
      )`);
    await queryRunner.query('CREATE INDEX translations_language ON translations (language_id)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of ['translations', 'group_components', 'component_links', 'components']) await queryRunner.query(`DROP TABLE ${table}`);
  }
}
