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

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updated: Date;
}
