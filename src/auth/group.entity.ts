import { Column, Entity, JoinTable, ManyToMany, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { Language } from '../languages/language.entity';
import { User } from '../users/user.entity';
import { LanguageSelection, ProjectSelection } from './permissions.data';
import { Role } from './role.entity';

/** A team: roles granted to its members over a selection of projects and languages. */
@Entity('groups')
export class Group {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 150 })
  name: string;

  @Column({ type: 'smallint', default: ProjectSelection.AsDefined })
  projectSelection: ProjectSelection;

  @Column({ type: 'smallint', default: LanguageSelection.AsDefined })
  languageSelection: LanguageSelection;

  /** The project whose access control created this team; null for site-wide groups. */
  @Column({ type: 'integer', nullable: true })
  definingProjectId: number | null;

  /** Created by the server (default groups, project teams) rather than by an administrator. */
  @Column({ default: false })
  internal: boolean;

  @ManyToMany(() => Role)
  @JoinTable({ name: 'group_roles', joinColumn: { name: 'group_id' }, inverseJoinColumn: { name: 'role_id' } })
  roles: Relation<Role[]>;

  @ManyToMany(() => Language)
  @JoinTable({ name: 'group_languages', joinColumn: { name: 'group_id' }, inverseJoinColumn: { name: 'language_id' } })
  languages: Relation<Language[]>;

  /** Team administrators: may manage the membership of this team. */
  @ManyToMany(() => User)
  @JoinTable({ name: 'group_admins', joinColumn: { name: 'group_id' }, inverseJoinColumn: { name: 'user_id' } })
  admins: Relation<User[]>;
}
