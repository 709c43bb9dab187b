import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who runs a task, so that a task whose process died (kill -9, a crash, a lost machine) is marked failed instead
 * of staying "running" forever: `task_runners` lists the processes running in-process tasks, each with the host,
 * pid and a heartbeat; a task names its runner and keeps its job's payload (what the job's clean-up needs).
 */
export class TaskRunners1763780180000 implements MigrationInterface {
  name = 'TaskRunners1763780180000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE task_runners (
        id uuid PRIMARY KEY,
        host varchar(255) NOT NULL,
        pid integer NOT NULL,
        heartbeat timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query('ALTER TABLE tasks ADD COLUMN runner_id uuid, ADD COLUMN payload jsonb');
    await queryRunner.query('CREATE INDEX tasks_running_idx ON tasks (runner_id) WHERE NOT completed');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX tasks_running_idx');
    await queryRunner.query('ALTER TABLE tasks DROP COLUMN runner_id, DROP COLUMN payload');
    await queryRunner.query('DROP TABLE task_runners');
  }
}
