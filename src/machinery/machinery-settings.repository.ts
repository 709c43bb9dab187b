import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { retryingTransaction } from '../database/retrying-transaction';

export type ServiceConfigurations = Record<string, Record<string, unknown>>;

/** The machine translation services projects configured (`machinery_settings`). */
@Injectable()
export class MachinerySettingsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The project's services by id. */
  async forProject(projectId: number): Promise<ServiceConfigurations> {
    const rows: { service: string; configuration: Record<string, unknown> }[] = await this.dataSource.query(
      'SELECT service, configuration FROM machinery_settings WHERE project_id = $1 ORDER BY service',
      [projectId],
    );
    return Object.fromEntries(rows.map((row) => [row.service, row.configuration]));
  }

  /** Adds the service; false when the project has it already (nothing changes then). */
  async insert(projectId: number, service: string, configuration: Record<string, unknown>): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'INSERT INTO machinery_settings (project_id, service, configuration) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING service',
      [projectId, service, configuration],
    );
    return rows.length === 1;
  }

  async upsert(projectId: number, service: string, configuration: Record<string, unknown>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO machinery_settings (project_id, service, configuration) VALUES ($1, $2, $3)
       ON CONFLICT (project_id, service) DO UPDATE SET configuration = excluded.configuration`,
      [projectId, service, configuration],
    );
  }

  async remove(projectId: number, service: string): Promise<void> {
    await this.dataSource.query('DELETE FROM machinery_settings WHERE project_id = $1 AND service = $2', [projectId, service]);
  }

  /** The project's services become exactly these, at once. */
  async replace(projectId: number, services: ServiceConfigurations): Promise<void> {
    await retryingTransaction(this.dataSource, async (manager) => {
      await manager.query('DELETE FROM machinery_settings WHERE project_id = $1', [projectId]);
      for (const [service, configuration] of Object.entries(services)) {
        await manager.query('INSERT INTO machinery_settings (project_id, service, configuration) VALUES ($1, $2, $3)', [projectId, service, configuration]);
      }
    });
  }
}
