import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Weblate's access_control values. */
export enum AccessControl {
  Public = 0,
  Protected = 1,
  Private = 100,
  Custom = 200,
}

@Entity('projects')
export class Project {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 60, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 60, unique: true })
  slug: string;

  @Column({ type: 'varchar', length: 200, default: '' })
  web: string;

  @Column({ type: 'text', default: '' })
  instructions: string;

  @Column({ default: false })
  setLanguageTeam: boolean;

  @Column({ default: true })
  enableHooks: boolean;

  @Column({ type: 'text', default: '' })
  languageAliases: string;

  @Column({ default: false })
  translationReview: boolean;

  @Column({ default: false })
  sourceReview: boolean;

  @Column({ type: 'smallint', default: AccessControl.Public })
  accessControl: AccessControl;

  @Column({ type: 'text', default: '' })
  checkFlags: string;

  @Column({ type: 'varchar', length: 150, default: '' })
  license: string;

  @Column({ type: 'text', default: '' })
  agreement: string;

  @CreateDateColumn({ type: 'timestamptz' })
  created: Date;
}
