import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A folder of components inside a project; categories nest up to MAX_CATEGORY_DEPTH levels. */
@Entity('categories')
export class Category {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 100 })
  slug: string;

  @Column()
  projectId: number;

  @Column({ type: 'integer', nullable: true })
  categoryId: number | null;
}

/** As in Weblate: deeper nesting makes paths unwieldy and is refused. */
export const MAX_CATEGORY_DEPTH = 3;
