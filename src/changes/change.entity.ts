import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One entry of the change log. Rows outlive what they mention where they can: a removed user or unit leaves
 * the link null; a removed project, component or translation takes its history with it.
 */
@Entity('changes')
export class Change {
  @PrimaryGeneratedColumn()
  id: number;

  /** A ChangeAction code. */
  @Column({ type: 'smallint' })
  action: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  timestamp: Date;

  /** Who acted. */
  @Column({ type: 'integer', nullable: true })
  userId: number | null;

  /** Who wrote the content (differs from the user for accepted suggestions, uploads on behalf of others). */
  @Column({ type: 'integer', nullable: true })
  authorId: number | null;

  @Column({ type: 'integer', nullable: true })
  projectId: number | null;

  @Column({ type: 'integer', nullable: true })
  componentId: number | null;

  @Column({ type: 'integer', nullable: true })
  translationId: number | null;

  @Column({ type: 'integer', nullable: true })
  unitId: number | null;

  @Column({ type: 'integer', nullable: true })
  languageId: number | null;

  @Column({ type: 'text', default: '' })
  target: string;

  @Column({ type: 'text', default: '' })
  old: string;

  @Column({ type: 'jsonb', default: {} })
  details: Record<string, unknown>;
}
