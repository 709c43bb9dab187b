import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An installed add-on: on a component, on a project (all its components), or site-wide (neither set). */
@Entity('addons')
export class Addon {
  @PrimaryGeneratedColumn()
  id: number;

  /** Weblate's add-on name, e.g. `weblate.flags.source_edit` (addon-catalogue.ts). */
  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'integer', nullable: true })
  componentId: number | null;

  @Column({ type: 'integer', nullable: true })
  projectId: number | null;

  /** Validated against the add-on's schema when written, with its defaults filled in. */
  @Column({ type: 'jsonb', default: {} })
  configuration: Record<string, unknown>;

  /** When its daily run last started; null before the first. */
  @Column({ type: 'timestamptz', nullable: true })
  lastDaily: Date | null;
}
