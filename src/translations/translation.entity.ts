import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One language of a component: its file and the stored statistics aggregates, which change in the same
 * transaction as the units, so reading statistics never scans units.
 */
@Entity('translations')
export class Translation {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  componentId: number;

  @Column()
  languageId: number;

  /** The code as used in the repository (file name), which may differ from the language's own code. */
  @Column({ type: 'varchar', length: 50 })
  languageCode: string;

  @Column({ type: 'varchar', length: 400 })
  filename: string;

  /** Hash of the file content last read, to skip unchanged files on a re-scan. */
  @Column({ type: 'varchar', length: 64, default: '' })
  revision: string;

  @Column({ default: false })
  isSource: boolean;

  /** The file must be rewritten although no unit is pending (a string was added or removed). */
  @Column({ default: false })
  needsWrite: boolean;

  @Column({ default: false })
  isTemplate: boolean;

  /** Its units' positions are exactly 1 … total, so a page of them is a range of positions (migration translation-pages). */
  @Column({ default: false })
  positionsDense: boolean;

  @Column({ type: 'integer', default: 0 })
  total: number;

  @Column({ type: 'integer', default: 0 })
  totalWords: number;

  @Column({ type: 'integer', default: 0 })
  totalChars: number;

  @Column({ type: 'integer', default: 0 })
  translated: number;

  @Column({ type: 'integer', default: 0 })
  translatedWords: number;

  @Column({ type: 'integer', default: 0 })
  translatedChars: number;

  @Column({ type: 'integer', default: 0 })
  fuzzy: number;

  @Column({ type: 'integer', default: 0 })
  fuzzyWords: number;

  @Column({ type: 'integer', default: 0 })
  fuzzyChars: number;

  @Column({ type: 'integer', default: 0 })
  approved: number;

  @Column({ type: 'integer', default: 0 })
  approvedWords: number;

  @Column({ type: 'integer', default: 0 })
  approvedChars: number;

  @Column({ type: 'integer', default: 0 })
  readonly: number;

  @Column({ type: 'integer', default: 0 })
  readonlyWords: number;

  @Column({ type: 'integer', default: 0 })
  readonlyChars: number;

  @Column({ type: 'integer', default: 0 })
  failing: number;

  @Column({ type: 'integer', default: 0 })
  failingWords: number;

  @Column({ type: 'integer', default: 0 })
  suggestions: number;

  @Column({ type: 'integer', default: 0 })
  comments: number;

  @Column({ type: 'timestamptz', nullable: true })
  lastChange: Date | null;

  @Column({ type: 'integer', nullable: true })
  lastAuthorId: number | null;
}
