import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { detachedCopy, GenerationCache } from '../core/caching/generation-cache';
import type { Language } from './language.entity';
import { LanguagesRepository } from './languages.repository';

/** How other modules find languages: the languages module's queries stay behind this. */
@Injectable()
export class LanguageLookup {
  /** Languages with their default plural by id, for requests naming a translation or component. */
  private readonly byId = new GenerationCache<number, Language | null>(detachedCopy);

  constructor(private readonly languages: LanguagesRepository) {}

  findByCode(code: string, manager?: EntityManager): Promise<Language | null> {
    return this.languages.findByCode(code, manager);
  }

  /** One language read in the caller's transaction (which may hold the pool's last free connection). */
  async findById(id: number, manager: EntityManager): Promise<Language | null> {
    return (await this.languages.findByIds([id], manager))[0] ?? null;
  }

  /** With an access generation (see `LoadTarget`), each language comes from the cache kept under it when there. */
  async findByIds(ids: number[], generation?: string): Promise<Language[]> {
    if (generation === undefined) return this.languages.findByIds(ids);
    const found = await Promise.all(ids.map((id) => this.byId.get(id, generation, async () => (await this.languages.findByIds([id]))[0] ?? null)));
    return found.filter((language): language is Language => language !== null);
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
