import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Relation } from 'typeorm';
import type { Language } from './language.entity';

/** Where a plural definition came from; 0 is the language's default one, served in the API. */
export enum PluralSource {
  Default = 0,
  Gettext = 1,
  Manual = 2,
}

@Entity('plurals')
@Index(['languageId', 'source'], { unique: true })
export class Plural {
  @PrimaryGeneratedColumn()
  id: number;

  // Named, not imported: Language imports Plural, and a type-only import keeps the two files out of a cycle.
  @ManyToOne('Language', (language: Language) => language.plurals, { onDelete: 'CASCADE' })
  @JoinColumn()
  language: Relation<Language>;

  @Column()
  languageId: number;

  @Column({ type: 'smallint', default: PluralSource.Default })
  source: PluralSource;

  @Column({ type: 'smallint' })
  number: number;

  @Column({ type: 'text' })
  formula: string;

  @Column({ type: 'smallint' })
  type: number;
}
