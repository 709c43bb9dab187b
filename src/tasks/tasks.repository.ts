import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Task } from './task.entity';

export interface AbandonedTask {
  id: string;
  name: string;
  payload: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class TasksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async create(id: string, name: string, payload: unknown, runnerId: string | null): Promise<Task> {
    return this.dataSource.getRepository(Task).save({ id, name, payload, runnerId, completed: false, progress: 0, log: '' });
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

  /** Marks the task failed unless it has completed; returns it when this call did (so its clean-up runs once). */
  async failIfRunning(id: string, message: string): Promise<AbandonedTask | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE tasks SET completed = true, progress = 100, result = $2::jsonb, log = log || $3, updated = now()
       WHERE id = $1 AND NOT completed RETURNING id, name, payload`,
      [id, JSON.stringify({ error: message }), `Failed: ${message}\n`],
    )) as [AbandonedTask[], number];
    return rows[0] ?? null;
  }

  /** Unfinished tasks of the shared queue (no runner of their own) on which nothing was recorded for `quietMs`. */
  quietQueuedTasks(quietMs: number): Promise<AbandonedTask[]> {
    return this.dataSource.query(
      `SELECT id, name, payload FROM tasks
       WHERE NOT completed AND runner_id IS NULL AND updated < now() - make_interval(secs => $1::double precision / 1000)`,
      [quietMs],
    );
  }

  /** Records (or renews) a process running in-process tasks. */
  async heartbeat(runner: { id: string; host: string; pid: number }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO task_runners (id, host, pid) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET heartbeat = now()`,
      [runner.id, runner.host, runner.pid],
    );
  }

  async removeRunner(id: string): Promise<void> {
    await this.dataSource.query('DELETE FROM task_runners WHERE id = $1', [id]);
  }

  /** The other runners, each with whether its heartbeat is older than `staleMs`. */
  async otherRunners(id: string, staleMs: number): Promise<{ id: string; host: string; pid: number; stale: boolean }[]> {
    return this.dataSource.query(
      `SELECT id, host, pid, heartbeat < now() - make_interval(secs => $2::double precision / 1000) AS stale FROM task_runners WHERE id <> $1`,
      [id, staleMs],
    );
  }

  /**
   * Marks failed the unfinished tasks of the given dead runners, and of runners no longer listed; returns them.
   * Runs once per task even when several processes recover at once (the update claims each row).
   */
  async failTasksOfDeadRunners(self: string, dead: string[], message: string): Promise<AbandonedTask[]> {
    const [rows] = (await this.dataSource.query(
      `UPDATE tasks SET completed = true, progress = 100, result = $3::jsonb, log = log || $4, updated = now()
       WHERE NOT completed AND runner_id IS NOT NULL AND runner_id <> $1
         AND (runner_id = ANY($2::uuid[]) OR NOT EXISTS (SELECT 1 FROM task_runners r WHERE r.id = tasks.runner_id))
       RETURNING id, name, payload`,
      [self, dead, JSON.stringify({ error: message }), `Failed: ${message}\n`],
    )) as [AbandonedTask[], number];
    await this.dataSource.query('DELETE FROM task_runners WHERE id = ANY($1::uuid[])', [dead]);
    return rows;
  }
}
