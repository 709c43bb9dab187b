import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { User } from './user.entity';

/** A user's API key. Only its SHA-256 is kept; the plain key is shown once, when it is generated. */
@Entity('api_tokens')
export class ApiToken {
  @PrimaryGeneratedColumn()
  id: number;

  @OneToOne(() => User, { onDelete: 'CASCADE' })
  @JoinColumn()
  user: Relation<User>;

  @Column()
  userId: number;

  @Column({ type: 'char', length: 64, unique: true })
  keyHash: string;

  /** The first characters (`wlu_ab12`), enough for a person to recognise the key in a list. */
  @Column({ type: 'varchar', length: 12 })
  keyPrefix: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;

  @Column({ type: 'timestamptz', nullable: true })
  expires: Date | null;

  /** Set on project-scoped (wlp_) keys: the only project the key opens. */
  @Column({ type: 'integer', nullable: true })
  projectId: number | null;

  /** A label for project keys, shown in their list. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  name: string | null;
}
