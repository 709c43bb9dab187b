import { MigrationInterface, QueryRunner } from 'typeorm';

/** The last failed merge of a component's repository, shown in its repository status until a pull succeeds. */
export class AddComponentMergeFailure1763780008000 implements MigrationInterface {
  name = 'AddComponentMergeFailure1763780008000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("ALTER TABLE components ADD COLUMN merge_failure text NOT NULL DEFAULT ''");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE components DROP COLUMN merge_failure');
  }
}
