import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One string of one translation; source strings are the units of the source translation. */
@Entity('units')
export class Unit {
  @PrimaryGeneratedColumn()
  id: number;

  @Column()
  translationId: number;

  /** The matching unit of the source translation; null on source units themselves. */
  @Column({ type: 'integer', nullable: true })
  sourceUnitId: number | null;

  /** 52-bit hashes are stored as bigint, which the driver returns as strings; `Number()` them when serializing. */
  @Column({ type: 'bigint' })
  idHash: string;

  @Column({ type: 'bigint' })
  contentHash: string;

  @Column({ type: 'text', default: '' })
  context: string;

  @Column({ type: 'text', array: true })
  source: string[];

  @Column({ type: 'text', array: true })
  target: string[];

  @Column({ type: 'text', default: '' })
  previousSource: string;

  @Column({ type: 'text', default: '' })
  note: string;

  @Column({ type: 'text', default: '' })
  location: string;

  @Column({ type: 'text', default: '' })
  flags: string;

  @Column({ type: 'smallint', default: 0 })
  state: number;

  @Column({ type: 'integer', default: 0 })
  position: number;

  @Column({ type: 'integer', default: 0 })
  numWords: number;

  @Column({ type: 'integer', default: 0 })
  numChars: number;

  @Column({ type: 'integer', default: 100 })
  priority: number;

  /** Changed in the database and not yet written to the file. */
  @Column({ default: false })
  pending: boolean;

  @Column({ default: false })
  automaticallyTranslated: boolean;

  @Column({ type: 'text', default: '' })
  explanation: string;

  @Column({ type: 'text', default: '' })
  extraFlags: string;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  failingChecks: string[];

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  dismissedChecks: string[];

  @Column({ default: false })
  hasSuggestion: boolean;

  @Column({ default: false })
  hasComment: boolean;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  timestamp: Date;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  lastUpdated: Date;
}
