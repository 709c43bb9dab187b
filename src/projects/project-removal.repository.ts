import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { Project } from './project.entity';
import { retryingTransaction } from '../database/retrying-transaction';

/**
 * Removing a project removes everything under it (foreign keys cascade). A large project's strings go first in
 * batches, with its components locked meanwhile, so no single statement holds the tables for long.
 */
@Injectable()
export class ProjectRemovalRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async lockComponents(projectId: number): Promise<void> {
    await this.dataSource.query('UPDATE components SET locked = true WHERE project_id = $1', [projectId]);
  }

  /** Deletes up to `limit` of the project's strings; how many it deleted. */
  async deleteUnitBatch(projectId: number, limit: number): Promise<number> {
    const [, deleted]: [unknown, number] = await this.dataSource.query(
      `DELETE FROM units WHERE id IN (
         SELECT u.id FROM units u JOIN translations t ON t.id = u.translation_id JOIN components c ON c.id = t.component_id
         WHERE c.project_id = $1 LIMIT $2)`,
      [projectId, limit],
    );
    return deleted;
  }

  /** Whether components of other projects share the working copy of one of this project's components. */
  async isLent(projectId: number): Promise<boolean> {
    const borrowers: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM components c JOIN components owner ON owner.id = c.linked_component_id WHERE owner.project_id = $1 AND c.project_id <> $1 LIMIT 1',
      [projectId],
    );
    return borrowers.length > 0;
  }

  async countUnits(projectId: number): Promise<number> {
    const [{ count }]: { count: string }[] = await this.dataSource.query(
      'SELECT count(*) FROM units u JOIN translations t ON t.id = u.translation_id JOIN components c ON c.id = t.component_id WHERE c.project_id = $1',
      [projectId],
    );
    return Number(count);
  }

  async delete(manager: EntityManager, projectId: number): Promise<void> {
    await manager.getRepository(Project).delete(projectId);
  }

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return retryingTransaction(this.dataSource, work);
  }
}
