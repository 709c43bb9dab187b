import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Task } from './task.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class TasksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(id: string, name: string): Promise<Task> {
    return this.dataSource.getRepository(Task).save({ id, name, completed: false, progress: 0, log: '' });
  }

  findById(id: string): Promise<Task | null> {
    if (!UUID.test(id)) return Promise.resolve(null);
    return this.dataSource.getRepository(Task).findOneBy({ id });
  }

  /** Appends to the log in SQL, so concurrent progress reports never overwrite each other's lines. */
  async recordProgress(id: string, progress: number, logLine?: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE tasks SET progress = GREATEST(progress, $2), log = log || $3, updated = now() WHERE id = $1`,
      [id, progress, logLine ? `${logLine}\n` : ''],
    );
  }

  async finish(id: string, result: unknown, logLine?: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE tasks SET completed = true, progress = 100, result = $2::jsonb, log = log || $3, updated = now() WHERE id = $1`,
      [id, JSON.stringify(result ?? null), logLine ? `${logLine}\n` : ''],
    );
  }
}
