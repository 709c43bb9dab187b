import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Language } from './language.entity';
import { LanguagesRepository } from './languages.repository';

/** How other modules find languages: the languages module's queries stay behind this. */
@Injectable()
export class LanguageLookup {
  constructor(private readonly languages: LanguagesRepository) {}

  findByCode(code: string, manager?: EntityManager): Promise<Language | null> {
    return this.languages.findByCode(code, manager);
  }

  findByIds(ids: number[]): Promise<Language[]> {
    return this.languages.findByIds(ids);
  }

  /** Existing languages by code or alias, in any case and with `-` or `_` (`pt-BR`, `PT_br`); unknown codes are left out. */
  findByCodes(codes: string[]): Promise<Map<string, Language>> {
    return this.languages.resolveCodes(codes);
  }

  /** Languages of translation files' codes (`pt-rBR`, `de_DE`, `ar-SY`), creating regional variants as Weblate does. */
  resolveFileCodes(manager: EntityManager, codes: string[]): Promise<Map<string, Language>> {
    return this.languages.resolveFileCodes(manager, codes);
  }
}
