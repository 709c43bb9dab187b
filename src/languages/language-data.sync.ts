import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import shipped from './data/languages.json';
import { LanguagesRepository } from './languages.repository';

export interface ShippedLanguage {
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
    private readonly languages: LanguagesRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async sync(): Promise<void> {
    const languages = shipped as ShippedLanguage[];
    await this.languages.syncShipped(languages, { onlyIfEmpty: !this.config.updateLanguages });
    this.logger.log(`language definitions up to date (${languages.length} shipped)`);
  }
}
