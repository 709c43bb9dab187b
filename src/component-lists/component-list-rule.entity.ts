import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import type { ComponentList } from './component-list.entity';

/** Weblate's AutoComponentList: components whose project slug and own slug both match belong to the list. */
@Entity('component_list_rules')
export class ComponentListRule {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  listId: number;

  // Named, not imported: ComponentList imports this entity, and a type-only import keeps the two out of a cycle.
  @ManyToOne('ComponentList', (list: ComponentList) => list.rules, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'list_id' })
  list: Relation<ComponentList>;

  @Column({ type: 'text' })
  projectMatch: string;

  @Column({ type: 'text' })
  componentMatch: string;
}
