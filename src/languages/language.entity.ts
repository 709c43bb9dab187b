import { Column, Entity, OneToMany, PrimaryGeneratedColumn, Relation } from 'typeorm';
import { Plural } from './plural.entity';

/** Who last defined a language: the shipped data (refreshed on upgrade) or an administrator (left alone). */
export type LanguageOrigin = 'data' | 'admin';

export const LANGUAGE_DIRECTIONS = ['ltr', 'rtl'] as const;
export type LanguageDirection = (typeof LANGUAGE_DIRECTIONS)[number];

@Entity('languages')
export class Language {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 50, unique: true })
  code: string;

  @Column({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 3, default: 'ltr' })
  direction: LanguageDirection;

  @Column({ type: 'bigint', default: 0, transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  population: number;

  @Column({ type: 'text', array: true, default: () => "'{}'" })
  aliases: string[];

  @Column({ type: 'varchar', length: 5, default: 'data' })
  origin: LanguageOrigin;

  @OneToMany(() => Plural, (plural) => plural.language)
  plurals: Relation<Plural[]>;
}
