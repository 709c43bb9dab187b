import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const ANONYMOUS_USERNAME = 'anonymous';

@Entity('users')
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 150, unique: true })
  username: string;

  @Column({ type: 'varchar', length: 150, default: '' })
  fullName: string;

  @Column({ type: 'varchar', length: 254, default: '' })
  email: string;

  @Column({ type: 'varchar', length: 255, nullable: true, select: false })
  passwordHash: string | null;

  @Column({ default: false })
  isSuperuser: boolean;

  @Column({ default: true })
  isActive: boolean;

  @Column({ default: false })
  isBot: boolean;

  @CreateDateColumn({ type: 'timestamptz' })
  dateJoined: Date;

  @Column({ type: 'timestamptz', nullable: true })
  lastLogin: Date | null;

  get isAnonymous(): boolean {
    return this.username === ANONYMOUS_USERNAME;
  }
}
