import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** The state of a user-visible background task, persisted so that every replica can answer for it. */
@Entity('tasks')
export class Task {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ default: false })
  completed: boolean;

  @Column({ type: 'smallint', default: 0 })
  progress: number;

  @Column({ type: 'jsonb', nullable: true })
  result: unknown;

  @Column({ type: 'text', default: '' })
  log: string;

  /** The process running it in-process (`task_runners`), so a task whose process died is known; null on Bull. */
  @Column({ type: 'uuid', nullable: true })
  runnerId: string | null;

  /** The job's payload, for the job's clean-up when its process died before it finished. */
  @Column({ type: 'jsonb', nullable: true })
  payload: unknown;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated: Date;
}
