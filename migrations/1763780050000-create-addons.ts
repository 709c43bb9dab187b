import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Add-ons, as Weblate's: installed on a component, on a project (every component of it) or site-wide (neither),
 * with their configuration and when their daily run last happened (claimed by the process that runs it, so replicas
 * never run it twice a day). Each goes with what it is installed on. `webhook_deliveries` is the delivery history
 * of webhook add-ons: one row per change sent, kept with the add-on, its attempts and the last answer.
 */
export class CreateAddons1763780050000 implements MigrationInterface {
  name = 'CreateAddons1763780050000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE addons (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        component_id integer REFERENCES components (id) ON DELETE CASCADE,
        project_id integer REFERENCES projects (id) ON DELETE CASCADE,
        configuration jsonb NOT NULL DEFAULT '{}',
        last_daily timestamptz,
        CHECK (component_id IS NULL OR project_id IS NULL)
      )`);
    await queryRunner.query('CREATE INDEX addons_component ON addons (component_id)');
    await queryRunner.query('CREATE INDEX addons_project ON addons (project_id)');
    await queryRunner.query(`
      CREATE TABLE webhook_deliveries (
        id serial PRIMARY KEY,
        addon_id integer NOT NULL REFERENCES addons (id) ON DELETE CASCADE,
        change_id integer NOT NULL,
        webhook_id varchar(64) NOT NULL,
        payload text NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'pending',
        attempts integer NOT NULL DEFAULT 0,
        response_status integer,
        error text NOT NULL DEFAULT '',
        created timestamptz NOT NULL DEFAULT now(),
        delivered timestamptz,
        UNIQUE (addon_id, change_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE webhook_deliveries, addons');
  }
}
