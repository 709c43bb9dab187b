import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { ComponentList } from './component-list.entity';

/** Weblate's AutoComponentList: components whose project slug and own slug both match belong to the list. */
@Entity('component_list_rules')
export class ComponentListRule {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  listId: number;

  @ManyToOne(() => ComponentList, (list) => list.rules, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'list_id' })
  list: Relation<ComponentList>;

  @Column({ type: 'text' })
  projectMatch: string;

  @Column({ type: 'text' })
  componentMatch: string;
}
