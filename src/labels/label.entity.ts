import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A project's label for source strings (Weblate 5.3+); names are unique within the project. */
@Entity('labels')
export class Label {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  projectId: number;

  @Column({ type: 'varchar', length: 190 })
  name: string;

  @Column({ type: 'text', default: '' })
  description: string;

  /** One of LABEL_COLORS. */
  @Column({ type: 'varchar', length: 30 })
  color: string;
}

/** Weblate's named palette (weblate/utils/colors.py); the API accepts nothing else. */
export const LABEL_COLORS = [
  'navy', 'blue', 'aqua', 'teal', 'olive', 'green', 'lime', 'yellow',
  'orange', 'red', 'maroon', 'fuchsia', 'purple', 'black', 'gray', 'silver',
] as const;

export interface LabelResponse {
  id: number;
  name: string;
  description: string;
  color: string;
}

export function serializeLabel(label: Label): LabelResponse {
  return { id: label.id, name: label.name, description: label.description, color: label.color };
}
