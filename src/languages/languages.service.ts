import { Injectable } from '@nestjs/common';
import { NotFoundError } from '../core/errors/domain-error';
import { buildPage, Page, PageRequest, resolveLastPage } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { LanguageResponse, serializeLanguage } from './language.serializer';
import { LanguagesRepository } from './languages.repository';

@Injectable()
export class LanguagesService {
  constructor(private readonly languages: LanguagesRepository) {}

  async list(request: PageRequest, urls: UrlBuilder): Promise<Page<LanguageResponse>> {
    const count = await this.languages.count();
    const page = resolveLastPage(request, count);
    const rows = await this.languages.page(page.offset, page.pageSize);
    return buildPage(page, count, rows.map((language) => serializeLanguage(language, urls)));
  }

  async get(code: string, urls: UrlBuilder): Promise<LanguageResponse> {
    const language = await this.languages.findByCode(code);
    if (!language) throw new NotFoundError('Language not found.');
    return serializeLanguage(language, urls);
  }
}
