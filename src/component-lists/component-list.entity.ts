import { Column, Entity, OneToMany, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { ComponentListRule } from './component-list-rule.entity';

/**
 * A named set of components, shown on the dashboard and usable as a group's project selection. Members are
 * the components added by hand plus those its rules match (see the component_list_members view).
 */
@Entity('component_lists')
export class ComponentList {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100, unique: true })
  name: string;

  @Column({ type: 'varchar', length: 100, unique: true })
  slug: string;

  @Column({ default: true })
  showDashboard: boolean;

  @OneToMany(() => ComponentListRule, (rule) => rule.list)
  rules: Relation<ComponentListRule[]>;
}
