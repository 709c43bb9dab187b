import { Task } from './task.entity';

export interface TaskResponse {
  completed: boolean;
  progress: number;
  result: unknown;
  log: string;
}

export function serializeTask(task: Task): TaskResponse {
  return { completed: task.completed, progress: task.progress, result: task.result ?? null, log: task.log };
}
