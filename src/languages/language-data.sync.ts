import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import shipped from './data/languages.json';
import { pluralType } from './plural-formula';
import { PluralSource } from './plural.entity';

interface ShippedLanguage {
  code: string;
  name: string;
  direction: string;
  population: number;
  plural: { number: number; formula: string };
  aliases: string[];
}

/**
 * Loads the shipped language definitions (data/languages.json, derived from the MIT-licensed language-data
 * set) after migrating. Languages an administrator created or edited (origin 'admin') are never touched.
 * With UPDATE_LANGUAGES=false an installation that already has languages keeps them exactly as they are.
 */
@Injectable()
export class LanguageDataSync {
  private readonly logger = new Logger('languages');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async sync(): Promise<void> {
    const languages = shipped as ShippedLanguage[];
    await this.dataSource.transaction(async (manager) => {
      if (!this.config.updateLanguages) {
        const [{ count }] = await manager.query('SELECT count(*)::int AS count FROM languages');
        if (count > 0) return;
      }
      await manager.query(
        `INSERT INTO languages (code, name, direction, population, aliases, origin)
         SELECT d.code, d.name, d.direction, d.population, ARRAY(SELECT json_array_elements_text(d.aliases::json)), 'data'
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[]) AS d(code, name, direction, population, aliases)
         ON CONFLICT (code) DO UPDATE SET name = EXCLUDED.name, direction = EXCLUDED.direction,
           population = EXCLUDED.population, aliases = EXCLUDED.aliases
         WHERE languages.origin = 'data'`,
        [
          languages.map((l) => l.code),
          languages.map((l) => l.name),
          languages.map((l) => l.direction),
          languages.map((l) => l.population),
          languages.map((l) => JSON.stringify(l.aliases)),
        ],
      );
      await manager.query(
        `INSERT INTO plurals (language_id, source, number, formula, type)
         SELECT l.id, $5, d.number, d.formula, d.type
         FROM unnest($1::text[], $2::int[], $3::text[], $4::int[]) AS d(code, number, formula, type)
         JOIN languages l ON l.code = d.code AND l.origin = 'data'
         ON CONFLICT (language_id, source) DO UPDATE SET number = EXCLUDED.number, formula = EXCLUDED.formula, type = EXCLUDED.type`,
        [
          languages.map((l) => l.code),
          languages.map((l) => l.plural.number),
          languages.map((l) => l.plural.formula),
          languages.map((l) => pluralType(l.plural.number, l.plural.formula)),
          PluralSource.Default,
        ],
      );
    });
    this.logger.log(`language definitions up to date (${languages.length} shipped)`);
  }
}
