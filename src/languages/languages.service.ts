import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { NotFoundError, ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { CreateLanguageDto } from './dto/create-language.dto';
import { ReplaceLanguageDto } from './dto/replace-language.dto';
import { UpdateLanguageDto } from './dto/update-language.dto';
import { Language } from './language.entity';
import { LanguageResponse, LanguageStatisticsResponse, serializeLanguage, serializeLanguageStatistics } from './language.serializer';
import { LanguageScope, LanguagesRepository } from './languages.repository';
import { checkPluralDefinition } from './plural-definition';

const NOT_FOUND = 'Language not found.';

@Injectable()
export class LanguagesService {
  constructor(
    private readonly languages: LanguagesRepository,
  ) {}

  async list(scope: LanguageScope, request: PageRequest, urls: UrlBuilder): Promise<Page<LanguageResponse>> {
    const count = await this.languages.count(scope);
    return paginate(request, count, async (offset, limit) => {
      const rows = await this.languages.page(offset, limit, scope);
      return rows.map((language) => serializeLanguage(language, urls));
    });
  }

  async get(scope: LanguageScope, code: string, urls: UrlBuilder): Promise<LanguageResponse> {
    return serializeLanguage(await this.find(code, scope), urls);
  }

  async statistics(scope: LanguageScope, code: string, urls: UrlBuilder): Promise<LanguageStatisticsResponse> {
    const language = await this.find(code, scope);
    return serializeLanguageStatistics(language, await this.languages.translationCounts(language.id), urls);
  }

  async create(dto: CreateLanguageDto, urls: UrlBuilder): Promise<LanguageResponse> {
    const plural = checkPluralDefinition(dto.plural.number, dto.plural.formula);
    const language = await this.languages.transaction(async (manager) => {
      const id = await this.languages.insertAdminLanguage(manager, dto.code, { name: dto.name, direction: dto.direction, population: dto.population });
      if (id === null) throw ValidationError.field('code', 'Language with this language code already exists.', 'unique');
      await this.languages.saveDefaultPlural(manager, id, plural);
      return this.reload(manager, dto.code);
    });
    return serializeLanguage(language, urls);
  }

  /** PUT and PATCH: their DTOs differ only in which fields are required. */
  async update(code: string, dto: UpdateLanguageDto | ReplaceLanguageDto, urls: UrlBuilder): Promise<LanguageResponse> {
    const plural = dto.plural && checkPluralDefinition(dto.plural.number, dto.plural.formula);
    const language = await this.languages.transaction(async (manager) => {
      const existing = await this.languages.lockByCode(manager, code);
      if (!existing) throw new NotFoundError(NOT_FOUND);
      await this.languages.updateAsAdmin(manager, existing.id, { name: dto.name, direction: dto.direction, population: dto.population });
      if (plural) await this.languages.saveDefaultPlural(manager, existing.id, plural);
      return this.reload(manager, code);
    });
    return serializeLanguage(language, urls);
  }

  /**
   * One statement, so it is atomic on its own. A deleted shipped language comes back with the next data
   * sync, as in Weblate, where shipped definitions are recreated on upgrade.
   */
  async delete(code: string): Promise<void> {
    if (!(await this.languages.deleteByCode(code))) throw new NotFoundError(NOT_FOUND);
  }

  private async find(code: string, scope: LanguageScope): Promise<Language> {
    const language = await this.languages.findByCode(code, undefined, scope);
    if (!language) throw new NotFoundError(NOT_FOUND);
    return language;
  }

  /** Reads the written language back inside the transaction, with its plural, for the response. */
  private async reload(manager: EntityManager, code: string): Promise<Language> {
    return (await this.languages.findByCode(code, manager))!;
  }
}
