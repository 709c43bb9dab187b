import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saving a translation looks for the same string in the project's other components to propagate the edit to
 * (`UnitsRepository.lockPropagationTargets`, by `content_hash`). Without an index that read every unit of the
 * installation on each save: 150 ms per PATCH next to a 100k-string translation.
 */
export class IndexUnitContentHash1763780150000 implements MigrationInterface {
  name = 'IndexUnitContentHash1763780150000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE INDEX units_content_hash ON units (content_hash)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX units_content_hash');
  }
}
